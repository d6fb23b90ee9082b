import { supportVocabulary } from './vocabulary-file';

/**
 * Who says what inside one customer message (issue 20, round 6). A customer's message often holds
 * more than their own words: a pasted chat or call transcript ("[10:02] Agent: …"), the earlier
 * thread below a reply ("On … wrote:", "> …"), mail headers and a signature (a job title "Accounts
 * Payable", a company "… Installations Ltd"). Read as the customer's own, those words take the
 * ticket to the category the agent guessed or the signature names. This splits a message into
 * lines and the lines into parts by voice; the caller weighs them (embedded.ts, FIELD_WEIGHT): a
 * staff turn like an agent's message, the quoted thread (the agent's answer and often the
 * customer's own first message) like an agent's words too, without making its concepts the staff's
 * (round 6 measured 0.25, 0.5 and 1 on held-out v5 in aggregate: equal zero-shot, 0.25 best with
 * examples), a forwarded mail (after its marker) like the customer's own. Labels, headers and
 * closings are data (support-vocabulary.json `conversation`, four languages).
 */
export type Voice = 'own' | 'staff' | 'quoted';

export interface Part {
  text: string;
  voice: Voice;
}

type Line = 'reply' | 'forward' | 'header' | 'signature' | 'speaker';
type Patterns = Record<Line, RegExp> & Record<'staff' | 'customer', Set<string>>;

let patterns: Patterns | undefined;

/**
 * The parts of a customer's message by voice, in order; headers and signatures are left out. A line
 * opening a turn (`speaker`: an optional time "[10:02]", a speaker of at most three words, a colon)
 * whose speaker names staff starts a staff turn, one naming the customer their own.
 */
export function splitMessage(text: string): Part[] {
  const c = supportVocabulary().conversation;
  if (!c || !/[\n:>]/.test(text)) return [{ text, voice: 'own' }];
  const p = (patterns ??= { staff: new Set(c.staff), customer: new Set(c.customer), ...(Object.fromEntries((['reply', 'forward', 'header', 'signature', 'speaker'] as const).map((k) => [k, new RegExp(c[k].join('|'), 'iu')])) as Record<Line, RegExp>) });
  const parts: Part[] = [];
  // `null`: a signature, nothing counts until the next header or speaker.
  let voice: Voice | null = 'own';
  for (const line of text.split(/\r?\n/)) {
    if (p.reply.test(line)) voice = 'quoted';
    else if (p.forward.test(line)) voice = 'own';
    else if (/^\s*>/.test(line)) parts.push({ text: line.replace(/^[\s>]+/, ''), voice: 'quoted' });
    else if (p.signature.test(line)) voice = null;
    else if (!p.header.test(line)) {
      const turn = p.speaker.exec(line);
      const speaker = turn?.[1]?.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean) ?? [];
      const role = speaker.length > 3 ? undefined : speaker.some((w) => p.staff.has(w)) ? 'staff' : speaker.some((w) => p.customer.has(w)) ? 'own' : undefined;
      if (role) voice = role;
      if (voice) parts.push({ text: role ? (turn?.[2] ?? '') : line, voice });
    }
  }
  return parts;
}
