/** The Storyloom mark: an open book with a thread, drawn inline (no image request). */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M8 9.5c3-1 6-.6 8 1.2v13c-2-1.8-5-2.2-8-1.2z" fill="#fdf8f1" />
      <path d="M24 9.5c-3-1-6-.6-8 1.2v13c2-1.8 5-2.2 8-1.2z" fill="#f3e1c7" />
    </svg>
  );
}
