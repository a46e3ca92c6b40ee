import type { Config } from 'tailwindcss';

/** Colours are CSS variables (client/src/styles.css) so contrast is tuned in one place. */
const color = (name: string) => `var(--color-${name})`;

export default {
  // Blog bodies are rendered to HTML on the server with classes from server/render.
  content: ['./client/index.html', './client/src/**/*.{ts,tsx}', './server/render/**/*.tsx'],
  theme: {
    container: { center: true, screens: { '2xl': '1280px' } },
    extend: {
      colors: {
        border: color('border'),
        input: color('input'),
        ring: color('ring'),
        background: color('background'),
        foreground: color('foreground'),
        primary: { DEFAULT: color('primary'), foreground: color('primary-foreground') },
        accent: { DEFAULT: color('accent'), foreground: color('accent-foreground') },
        secondary: { DEFAULT: color('secondary'), foreground: color('secondary-foreground') },
        muted: { DEFAULT: color('muted'), foreground: color('muted-foreground') },
        destructive: { DEFAULT: color('destructive'), foreground: color('destructive-foreground') },
        success: { DEFAULT: color('success'), foreground: color('success-foreground') },
        warning: { DEFAULT: color('warning'), foreground: color('warning-foreground') },
        card: { DEFAULT: color('card'), foreground: color('card-foreground') },
        popover: { DEFAULT: color('popover'), foreground: color('popover-foreground') },
      },
    },
  },
} satisfies Config;
