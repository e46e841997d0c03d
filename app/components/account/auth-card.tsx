import { UserRound } from "lucide";
import { Icon } from "#app/components/ui/icon";
import type { ReactNode } from "react";

export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-12 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <Icon icon={UserRound} aria-hidden="true" className="h-9 w-9 text-reef" />
        <h1 className="mt-3 text-3xl font-semibold">{title}</h1>
        {intro ? <p className="mt-2 text-ink-soft">{intro}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-line pt-4 text-sm text-ink-soft">{footer}</div> : null}
      </div>
    </section>
  );
}

export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | null | undefined;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`mb-4 rounded-xl p-3 text-sm font-medium ${tone === "error" ? "bg-coral-light text-coral-text" : "bg-chaeto-light text-chaeto"}`}
    >
      {message}
    </div>
  );
}
