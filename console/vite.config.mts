import { defineConfig } from 'vite';

/**
 * The console's build. No React plugin: Vite's own transform (Oxc) compiles JSX with React's
 * automatic runtime. Served under /console/ (CloudFront in AWS, `npm start` locally).
 */
export default defineConfig({
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // TanStack Query marks its modules "use client" (for React Server Components); meaningless in an SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
