/** The queue's keyboard model (j/k/Enter, ?). Pure: unit-tested. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'j', action: 'Next ticket' },
  { keys: 'k', action: 'Previous ticket' },
  { keys: 'Enter', action: 'Open the selected ticket' },
  { keys: 'x', action: 'Tick or untick the selected ticket for a bulk change' },
  { keys: '/', action: 'Search' },
  { keys: '?', action: 'Show or hide these shortcuts' },
  { keys: 'Esc', action: 'Close this list' },
];

export type QueueKeyAction = { type: 'move'; index: number } | { type: 'open'; index: number } | { type: 'toggle'; index: number } | { type: 'help' } | { type: 'search' } | { type: 'close' } | { type: 'none' };

/** What a key press does in a list of `count` rows with `index` selected (-1: none). Typing in a field is never a shortcut. */
export function queueKey(key: string, index: number, count: number, inField: boolean): QueueKeyAction {
  if (inField) return key === 'Escape' ? { type: 'close' } : { type: 'none' };
  switch (key) {
    case 'j':
      return count === 0 ? { type: 'none' } : { type: 'move', index: Math.min(count - 1, index + 1) };
    case 'k':
      return count === 0 ? { type: 'none' } : { type: 'move', index: Math.max(0, index - 1) };
    case 'Enter':
      return index >= 0 && index < count ? { type: 'open', index } : { type: 'none' };
    case 'x':
      return index >= 0 && index < count ? { type: 'toggle', index } : { type: 'none' };
    case '?':
      return { type: 'help' };
    case '/':
      return { type: 'search' };
    case 'Escape':
      return { type: 'close' };
    default:
      return { type: 'none' };
  }
}
