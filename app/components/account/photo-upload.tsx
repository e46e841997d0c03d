import { Camera, Loader2 } from "lucide";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useAdoptEarlyInput } from "#app/components/cart/early-taps";
import { Icon } from "#app/components/ui/icon";

/** Uploads a profile photo (checked, resized and stored by the server) and refreshes the page data. */
export function PhotoUpload() {
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({
    busy: false,
    error: null,
    done: false,
  });

  async function upload(file: File | undefined) {
    if (!file) return;
    if (file.size > 5 * 1024 * 1024)
      return setState({ busy: false, error: "Photos can be at most 5 MB.", done: false });
    setState({ busy: true, error: null, done: false });
    try {
      const res = await fetch("/api/profile/photo", {
        method: "POST",
        headers: { "Content-Type": file.type || "application/octet-stream" },
        body: file,
      });
      const body = (await res.json().catch(() => ({}))) as { error?: { message: string } };
      if (!res.ok)
        return setState({ busy: false, error: body.error?.message ?? "The photo could not be saved.", done: false });
      setState({ busy: false, error: null, done: true });
      void revalidator.revalidate();
    } catch {
      setState({ busy: false, error: "We couldn't reach the shop. Try again.", done: false });
    }
  }

  // A photo picked before the page was ready fired no change event React saw: send it now.
  const input = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput(() => void upload(input.current?.files?.[0]));

  return (
    <div>
      <label className="btn-secondary cursor-pointer focus-within:outline-3 focus-within:outline-reef">
        {state.busy ? (
          <Icon icon={Loader2} aria-hidden="true" className="h-4 w-4 animate-spin" />
        ) : (
          <Icon icon={Camera} aria-hidden="true" className="h-4 w-4" />
        )}
        {state.busy ? "Uploading…" : "Change photo"}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          onChange={(e) => upload(e.target.files?.[0])}
          data-testid="photo-input"
        />
      </label>
      <p aria-live="polite" className="mt-1 text-xs">
        {state.error ? (
          <span className="font-medium text-coral-text">{state.error}</span>
        ) : state.done ? (
          <span className="text-chaeto">Photo updated.</span>
        ) : (
          <span className="text-ink-soft">JPEG, PNG, WebP or AVIF, up to 5 MB.</span>
        )}
      </p>
    </div>
  );
}
