import { AlertTriangle } from "lucide";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import type { SetupWarning } from "#app/models/mail-setup.server";

/** What the shop's settings leave undone, at the top of a back-office page, in plain words. */
export function SetupWarnings({ warnings }: { warnings: readonly SetupWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="space-y-3" data-testid="setup-warnings">
      {warnings.map((w) => (
        <li
          key={w.id}
          className="flex items-start gap-3 rounded-xl bg-gold-light p-4 text-sm text-[#7a5300]"
          data-testid={`setup-warning-${w.id}`}
        >
          <Icon icon={AlertTriangle} aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span>
            <strong className="block text-base">{w.title}</strong>
            {w.text}{" "}
            <Link to={w.link.to} className="font-semibold underline">
              {w.link.label}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}
