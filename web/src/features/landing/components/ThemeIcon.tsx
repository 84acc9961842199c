/** Simple line icons for the story themes, drawn inline so nothing depends on emoji fonts. */
const shapes = {
  home: 'M4 15 16 5l12 10M8 12v14h16V12M13 26v-7h6v7',
  tradition: 'M16 4c2 3 2 5 0 7-2-2-2-4 0-7zM12 14h8v12h-8zM7 26h18',
  love: 'M16 26S5 19.5 5 12.5A5.5 5.5 0 0 1 16 10a5.5 5.5 0 0 1 11 2.5C27 19.5 16 26 16 26z',
  lesson: 'M16 27V15M16 15c0-6 4-9 10-9 0 6-4 9-10 9zM16 19c0-4-3-7-9-7 0 4 3 7 9 7z',
} as const;

export type ThemeIconName = keyof typeof shapes;

export function ThemeIcon({ name }: { name: ThemeIconName }) {
  return (
    <svg
      className="theme-icon"
      viewBox="0 0 32 32"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={shapes[name]} />
    </svg>
  );
}
