import { useState } from "react";
import { useRevalidator } from "react-router";

/** Uploads a product photo; the server renders the AVIF/WebP variants and puts it first in the gallery. */
export function ProductImageUpload({ productId }: { productId: string }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    const res = await fetch(`/api/admin/products/${productId}/images`, {
      method: "POST",
      headers: { "Content-Type": file.type || "application/octet-stream" },
      body: file,
    }).catch(() => null);
    const body = (await res?.json().catch(() => ({}))) as { error?: { message: string } } | undefined;
    setBusy(false);
    if (!res?.ok) return setMessage({ text: body?.error?.message ?? "Upload failed.", error: true });
    setMessage({ text: "Photo added as the main image.", error: false });
    void revalidator.revalidate();
  }
  return (
    <div>
      <label htmlFor={`image-${productId}`} className="field-label">
        Add a product photo
      </label>
      <input
        id={`image-${productId}`}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={busy}
        onChange={(e) => upload(e.target.files?.[0])}
        className="block text-sm"
      />
      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={`mt-1 text-sm ${message.error ? "text-coral-text" : "text-chaeto"}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
