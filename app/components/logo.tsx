/** The logo mark: a chaeto swirl in a water drop. Inline so it never waits on a request. */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="lr-drop" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#14a09e" />
          <stop offset="1" stopColor="#0a5f5e" />
        </linearGradient>
      </defs>
      <path d="M32 3C32 3 9 27 9 40a23 23 0 0 0 46 0C55 27 32 3 32 3Z" fill="url(#lr-drop)" />
      <path
        d="M32 48c-7 0-11-5-11-10 0-6 5-9 10-9 4 0 7 3 7 6 0 3-2 5-5 5-2 0-3-1-3-3"
        fill="none"
        stroke="#9fd47f"
        strokeWidth="4.5"
        strokeLinecap="round"
      />
      <circle cx="43" cy="24" r="3" fill="#bfe6e1" opacity=".8" />
    </svg>
  );
}
