import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { useAdoptEarlyInput } from "#app/components/cart/early-taps";
import { photoIntent } from "#app/forms/admin-catalogue-photos";
import type { FormResult } from "#app/domain/forms";

export interface StripPhoto {
  id: string;
  key: string;
  /** The 240 px WebP variant's URL (made by the loader: the storefront's image helpers stay out of this chunk). */
  thumbUrl: string;
  status: "draft" | "published";
  removedAt: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A product's photos as a strip of thumbnails (decision 021). Uploads land as drafts; only
 * published photos are on the storefront, the first of them as the main photo. Every button is
 * a form post (works before JavaScript); with it, posts are submitted in place (no reload, no
 * scroll), photos can be dragged, and arrow keys on a photo's handle move it, the live region
 * saying where it went. Submissions rather than fetchers: useFetcher would add its code to the
 * framework chunk every storefront page loads (the byte budget).
 */
export function ProductPhotos({
  productId,
  title,
  photos,
  result: pageResult,
  undoMinutes,
}: {
  productId: string;
  title: string;
  photos: StripPhoto[];
  /** What a post without JavaScript answered (the page's action data for this strip). */
  result: FormResult | null;
  undoMinutes: number;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const intent = photoIntent(productId);
  const result = pageResult;
  // One submission at a time on the page; this strip's own shows as "Uploading…".
  const busy = navigation.state !== "idle";
  const mine = navigation.formData?.get("intent") === intent;
  const active = photos.filter((p) => !p.removedAt);
  const removed = photos.filter((p) => p.removedAt);
  const mainId = active.find((p) => p.status === "published")?.id;
  const published = active.filter((p) => p.status === "published").length;
  const drafts = active.length - published;
  const listRef = useRef<HTMLOListElement>(null);
  const uploadRef = useRef<HTMLFormElement>(null);
  const focusAfter = useRef<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);

  // After a keyboard move the photo is re-rendered at its new place: keep the focus on it.
  useEffect(() => {
    if (!focusAfter.current || busy) return;
    listRef.current?.querySelector<HTMLElement>(`[data-reorder="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [photos, busy]);

  // A finished upload clears the file picker, so the same files aren't sent twice by mistake.
  const uploaded = !busy && result?.status === "success" ? result : null;
  useEffect(() => {
    if (uploaded) uploadRef.current?.reset();
  }, [uploaded]);

  function post(photoId: string, op: string, position?: number) {
    const form = new FormData();
    form.set("intent", intent);
    form.set("productId", productId);
    form.set("photoId", photoId);
    form.set("op", op);
    if (position !== undefined) form.set("position", String(position));
    void submit(form, { method: "post", preventScrollReset: true });
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, photoId: string, index: number) {
    if (busy) return;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const to = index + step;
    if (to < 0 || to >= active.length) return;
    focusAfter.current = photoId;
    post(photoId, "move", to + 1);
  }

  function onDrop(e: DragEvent<HTMLLIElement>, index: number) {
    e.preventDefault();
    const photoId = e.dataTransfer.getData("text/x-photo-id") || dragging;
    setDragging(null);
    if (photoId && active.findIndex((p) => p.id === photoId) !== index) post(photoId, "move", index + 1);
  }

  function upload(form: HTMLFormElement | null) {
    if (form && (form.elements.namedItem("photos") as HTMLInputElement | null)?.files?.length)
      void submit(form, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  }

  // Photos picked before the page was ready fired no change event React saw: send them now.
  useAdoptEarlyInput(() => upload(uploadRef.current));

  const summary =
    active.length === 0
      ? "No photos yet."
      : `${plural(published, "photo", "photos")} in the shop, ${plural(drafts, "draft", "drafts")}.`;

  return (
    <section aria-labelledby={`photos-${productId}`} data-testid={`photos-${productId}`}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={`photos-${productId}`} className="text-base font-semibold">
          Photos
        </h3>
        <p className="text-sm text-ink-soft">{summary}</p>
      </div>
      <p className="text-xs text-ink-soft" id={`photos-help-${productId}`}>
        New photos are drafts: the shop shows them only after “Show in shop” or “Make main”. To change the order, drag a
        photo, use its arrow buttons, or focus its ⠿ handle and press the arrow keys.
      </p>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid={`photos-live-${productId}`}>
        {!busy && result?.status === "success" ? result.message : ""}
      </div>
      {result?.status === "error" ? (
        <div className="mt-2">
          <FormAlert tone="error" message={result.message} />
        </div>
      ) : result?.message ? (
        // Announced by the live region above (kept in the page, so every change is read out).
        <p className="mt-2 rounded-xl bg-chaeto-light p-3 text-sm font-medium text-chaeto" aria-hidden="true">
          {result.message}
        </p>
      ) : null}
      {active.length > 0 ? (
        <ol
          ref={listRef}
          className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          aria-label={`Photos of ${title}, in shop order`}
          aria-describedby={`photos-help-${productId}`}
        >
          {active.map((photo, index) => {
            const isMain = photo.id === mainId;
            const label = `Photo ${index + 1} of ${active.length}, ${isMain ? "main photo" : photo.status === "published" ? "in the shop" : "draft"}`;
            return (
              <li
                key={photo.id}
                data-photo-id={photo.id}
                data-testid="photo"
                aria-label={label}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData("text/x-photo-id", photo.id);
                  e.dataTransfer.effectAllowed = "move";
                  setDragging(photo.id);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, index)}
                className={`rounded-lg border bg-paper p-2 ${
                  dragging === photo.id ? "opacity-50" : ""
                } ${isMain ? "border-reef" : "border-line"}`}
              >
                <img
                  src={photo.thumbUrl}
                  alt=""
                  width={240}
                  height={240}
                  loading="lazy"
                  draggable={false}
                  className={`aspect-square w-full rounded object-cover ${photo.status === "draft" ? "opacity-80" : ""}`}
                />
                <p className="mt-1 flex items-center justify-between gap-1 text-xs">
                  <span
                    className={`rounded px-1.5 py-0.5 font-semibold ${
                      isMain
                        ? "bg-reef text-white"
                        : photo.status === "published"
                          ? "bg-chaeto-light text-ink"
                          : "bg-sand-deep text-ink"
                    }`}
                  >
                    {isMain ? "Main" : photo.status === "published" ? "In shop" : "Draft"}
                  </span>
                  <button
                    type="button"
                    data-reorder={photo.id}
                    aria-label={`Reorder ${label.charAt(0).toLowerCase()}${label.slice(1)}: arrow keys move it`}
                    onKeyDown={(e) => onKeyDown(e, photo.id, index)}
                    className="cursor-grab rounded px-1 text-ink-soft hover:bg-sand focus-visible:outline-2 focus-visible:outline-reef"
                  >
                    <span aria-hidden="true">
                      ⠿ {index + 1} of {active.length}
                    </span>
                  </button>
                </p>
                <div className="mt-2 grid gap-1">
                  {!isMain ? (
                    <PhotoButton {...{ intent, productId, photo, busy }} op="main" label="Make main" wide />
                  ) : null}
                  {photo.status === "draft" ? (
                    <PhotoButton {...{ intent, productId, photo, busy }} op="publish" label="Show in shop" wide />
                  ) : (
                    <PhotoButton {...{ intent, productId, photo, busy }} op="hide" label="Hide from shop" wide />
                  )}
                  <div className="flex flex-wrap items-center gap-1">
                    <PhotoButton
                      {...{ intent, productId, photo, busy }}
                      op="up"
                      label="←"
                      ariaLabel={`Move photo ${index + 1} earlier`}
                      disabled={index === 0}
                    />
                    <PhotoButton
                      {...{ intent, productId, photo, busy }}
                      op="down"
                      label="→"
                      ariaLabel={`Move photo ${index + 1} later`}
                      disabled={index === active.length - 1}
                    />
                    <span className="ml-auto">
                      <PhotoButton
                        {...{ intent, productId, photo, busy }}
                        op="remove"
                        label="Remove"
                        ariaLabel={`Remove photo ${index + 1}`}
                      />
                    </span>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {removed.length > 0 ? (
        <div
          className="mt-3 rounded-lg border border-dashed border-line p-3"
          data-testid={`photos-removed-${productId}`}
        >
          <p className="text-sm">
            {plural(removed.length, "photo", "photos")} removed. You can put {removed.length === 1 ? "it" : "them"} back
            for {undoMinutes} minutes.
          </p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {removed.map((photo, i) => (
              <li key={photo.id} className="flex items-center gap-2">
                <img
                  src={photo.thumbUrl}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded object-cover opacity-60"
                />
                <PhotoButton
                  {...{ intent, productId, photo, busy }}
                  op="restore"
                  label="Undo remove"
                  ariaLabel={removed.length === 1 ? "Undo remove" : `Undo remove of removed photo ${i + 1}`}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form
        ref={uploadRef}
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="mt-3 flex flex-wrap items-end gap-2"
        onChange={(e) => upload(e.currentTarget)}
        onSubmit={(e) => {
          // Posted by the change handler with JavaScript; the button is for a page without it.
          e.preventDefault();
          upload(e.currentTarget);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="productId" value={productId} />
        <div>
          <label htmlFor={`upload-${productId}`} className="field-label">
            Add photos (JPEG, PNG, WebP or AVIF, up to 10 MB each)
          </label>
          <input
            id={`upload-${productId}`}
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={busy}
            className="block max-w-full text-sm"
          />
        </div>
        <button type="submit" className="btn-secondary" disabled={busy}>
          {mine && navigation.formEncType === "multipart/form-data" ? "Uploading…" : "Upload"}
        </button>
      </Form>
    </section>
  );
}

function PhotoButton({
  intent,
  productId,
  photo,
  op,
  label,
  ariaLabel,
  busy,
  disabled = false,
  wide = false,
}: {
  intent: string;
  productId: string;
  photo: StripPhoto;
  op: string;
  label: string;
  ariaLabel?: string;
  busy: boolean;
  disabled?: boolean;
  /** A full-width button (the photo's main actions); the arrows and Remove share a row. */
  wide?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset className={wide ? "w-full" : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="photoId" value={photo.id} />
      <button
        type="submit"
        name="op"
        value={op}
        aria-label={ariaLabel}
        disabled={disabled || busy}
        className={`rounded border border-line px-2.5 py-1.5 text-xs font-semibold text-reef-dark hover:bg-sand disabled:opacity-40 ${
          wide ? "w-full" : ""
        }`}
      >
        {label}
      </button>
    </Form>
  );
}
