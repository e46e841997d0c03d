import { useEffect, useRef, useState } from "react";
import { AUTH_ERROR_MESSAGES, type AuthErrorCode } from "#app/domain/auth-errors";

const POPUP = { width: 500, height: 600 };

/**
 * "Continue with …": a 500×600 popup; if the browser blocks it, the same flow runs in this tab
 * (popup-blocked); closing the popup early reports popup-closed-by-user. Without JavaScript the
 * link itself starts the redirect flow.
 */
export function SocialSignInButton({ label, redirectTo }: { label: string; redirectTo: string }) {
  const [error, setError] = useState<AuthErrorCode | null>(null);
  const finished = useRef(false);
  const href = `/sign-in/social?redirectTo=${encodeURIComponent(redirectTo)}`;

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.data?.type !== "lr-social-sign-in") return;
      finished.current = true;
      if (event.data.ok) window.location.assign(redirectTo);
      else setError("unknown");
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [redirectTo]);

  function start(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setError(null);
    finished.current = false;
    const left = window.screenX + (window.outerWidth - POPUP.width) / 2;
    const top = window.screenY + (window.outerHeight - POPUP.height) / 2;
    const popup = window.open(
      `${href}&popup=1`,
      "lr-social-sign-in",
      `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`,
    );
    if (!popup) {
      setError("popup-blocked");
      window.location.assign(href);
      return;
    }
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      // Give the "done" message a moment to arrive before calling it a cancel.
      window.setTimeout(() => {
        if (!finished.current) setError("popup-closed-by-user");
      }, 300);
    }, 400);
  }

  return (
    <div>
      <a href={href} onClick={start} className="btn-secondary w-full" data-testid="social-sign-in">
        Continue with {label}
      </a>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-coral-text">
          {AUTH_ERROR_MESSAGES[error]}
        </p>
      ) : null}
    </div>
  );
}
