/** The logo mark: a chaeto swirl in a water drop, drawn by the stylesheet (`logo-mark` in app.css). */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return <span aria-hidden="true" className={`logo-mark ${className}`} />;
}
