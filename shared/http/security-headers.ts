/**
 * The console's security headers: the same values CloudFront's response headers policy sets in
 * AWS (lib/constructs/console-site.ts) and the local stack sends, so the browser tests run under
 * the production policy. No inline script is allowed; styles are files (React and uPlot set
 * styles through the CSSOM, which CSP does not restrict).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  // The Cognito hosted UI's token endpoint is the one other origin the console calls (AWS only).
  "connect-src 'self' https://*.amazoncognito.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://*.amazoncognito.com",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
