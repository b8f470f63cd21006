/**
 * Colours that have no theme token: rising and falling, and the Fear & Greed tones (see
 * `fearGreedTone`), per theme. The gauge card and the charts read them here; a CSS-free module, so
 * the card does not pull in the chart library.
 */
export const palette = {
  light: {
    up: '#15803d',
    down: '#dc2626',
    red: '#dc2626',
    orange: '#ea580c',
    yellow: '#ca8a04',
    lime: '#65a30d',
    green: '#16a34a',
  },
  dark: {
    up: '#4ade80',
    down: '#f87171',
    red: '#f87171',
    orange: '#fb923c',
    yellow: '#facc15',
    lime: '#a3e635',
    green: '#4ade80',
  },
} as const;

/** The Fear & Greed tones as text, readable on the card in both themes. */
export const toneText = {
  red: 'text-red-700 dark:text-red-400',
  orange: 'text-orange-700 dark:text-orange-400',
  yellow: 'text-yellow-700 dark:text-yellow-300',
  lime: 'text-lime-700 dark:text-lime-400',
  green: 'text-green-700 dark:text-green-400',
} as const;
