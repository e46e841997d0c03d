import { LoaderCircle } from "lucide";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { SelectField, TextAreaField } from "#app/components/ui/field";
import { Icon } from "#app/components/ui/icon";
import { formIntent, parseForm, resultFor, type FormResult } from "#app/domain/forms";
import { catalogImageUrl } from "#app/domain/images";
import { AttachImageFormSchema, GenerateImageFormSchema, IMAGE_SIZES, PROMPT_MAX } from "#app/forms/admin-images";
import { requireAdmin } from "#app/models/back-office/access.server";
import {
  attachStudioImage,
  createStudioImage,
  ImageStudioError,
  productChoices,
} from "#app/models/back-office/image-studio.server";
import { StorageError } from "#app/services/storage/storage.server";
import { formError, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/images";

export const meta: Route.MetaFunction = () => [{ title: "Image studio | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const api = context.services.config.imageApi;
  return {
    provider: api
      ? { host: new URL(api.url).host, model: api.model, timeoutSeconds: Math.round(api.timeoutMs / 1000) }
      : null,
    products: await productChoices(context.services.database.db),
  };
}

/** A generated picture, shown under the form until the owner attaches it or makes another. */
interface StudioImage {
  key: string;
  prompt: string;
  width: number;
  height: number;
  preview: string;
}

type StudioResult = FormResult & { image?: StudioImage; attached?: { productId: string; title: string; key: string } };

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const form = await request.formData();
  const { config, storage, database } = context.services;
  if (formIntent(form) === "attach") {
    const parsed = parseForm(AttachImageFormSchema, form, "attach");
    if (!parsed.success) return invalidForm(parsed.result);
    try {
      const attached = await attachStudioImage(
        database.db,
        storage,
        parsed.data.image,
        parsed.data.productId,
        context.services.clock(),
      );
      if (attached === "no-image")
        return formError("That picture is no longer here: generate it again.", { intent: "attach", status: 404 });
      if (attached === "no-product")
        return formError("Choose a product from the list.", {
          intent: "attach",
          fieldErrors: { productId: "Choose a product from the list." },
        });
      const product = (await productChoices(database.db)).find((p) => p.id === parsed.data.productId)!;
      return data<StudioResult>({
        status: "success",
        intent: "attach",
        message: `Added to ${product.title} as a draft photo: the shop shows it once you publish it in the catalogue.`,
        attached: { productId: product.id, title: product.title, key: attached.key },
        image: attached.image,
      });
    } catch (err) {
      if (err instanceof StorageError) return formError(err.message, { intent: "attach", status: 422 });
      throw err;
    }
  }

  if (!config.imageApi)
    return formError("The image studio is not configured yet: see the steps on this page.", {
      intent: "generate",
      status: 409,
    });
  const parsed = parseForm(GenerateImageFormSchema, form, "generate");
  if (!parsed.success) return invalidForm(parsed.result);
  try {
    const image = await createStudioImage(config.imageApi, storage, parsed.data);
    return data<StudioResult>({
      status: "success",
      intent: "generate",
      message: `Here is your picture (${image.width} × ${image.height}).`,
      image,
    });
  } catch (err) {
    if (err instanceof ImageStudioError)
      // 502/504: the provider failed us; 422: it answered, but not with something we can use.
      return formError(err.message, {
        intent: "generate",
        status: err.kind === "timeout" ? 504 : err.kind === "malformed" ? 422 : err.kind === "refused" ? 422 : 502,
      });
    throw err;
  }
}

/** Seconds since the form was sent, while the provider works (it often takes 10 to 60 s). */
function Elapsed() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{seconds === 1 ? "1 second" : `${seconds} seconds`}</>;
}

export default function ImageStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { provider, products } = loaderData;
  const navigation = useNavigation();
  const generating = navigation.state === "submitting" && navigation.formData?.get("intent") === "generate";
  const result: StudioResult | undefined = actionData;
  const generated = resultFor(result, "generate");
  // After "Add to product" (a plain form post) the picture stays, to add it elsewhere too.
  const image = generated?.status === "success" || result?.intent === "attach" ? result?.image : undefined;
  const attachResult = result?.intent === "attach" ? result : null;
  return (
    <AdminPage
      headingId="images-heading"
      title="Image studio"
      intro="Describe a picture; the shop asks your image service for it, and you can add it to a product."
    >
      {!provider ? (
        <section className="card mt-4 max-w-2xl p-5" aria-labelledby="setup-heading">
          <h2 id="setup-heading" className="text-lg font-semibold">
            Connect an image service first
          </h2>
          <p className="mt-2 text-sm">
            The studio speaks the OpenAI images API, which OpenAI and many hosted and self-hosted generators offer. Set
            these in the server&apos;s environment and restart it:
          </p>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-mono font-semibold">IMAGE_API_URL</dt>
            <dd>
              The API&apos;s base address, e.g. https://api.openai.com/v1 (the studio posts to /images/generations).
            </dd>
            <dt className="font-mono font-semibold">IMAGE_API_KEY</dt>
            <dd>The key the service gave you (leave unset for a local service without keys).</dd>
            <dt className="font-mono font-semibold">IMAGE_MODEL</dt>
            <dd>The model to ask, e.g. gpt-image-1 (the default).</dd>
            <dt className="font-mono font-semibold">IMAGE_API_TIMEOUT_MS</dt>
            <dd>How long to wait for a picture, in milliseconds (default 60000).</dd>
          </dl>
        </section>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-soft">
            Using {provider.model} at {provider.host}; a picture can take up to {provider.timeoutSeconds} seconds.
          </p>
          <Form method="post" className="card mt-4 grid max-w-2xl gap-4 p-5" aria-busy={generating}>
            <input type="hidden" name="intent" value="generate" />
            <TextAreaField
              name="prompt"
              label="Describe the picture"
              rows={4}
              maxLength={PROMPT_MAX}
              required
              placeholder="A jar of bright green chaetomorpha macroalgae on a sandy reef background, soft daylight"
              defaultValue={generated?.status === "error" ? undefined : result?.image?.prompt}
              error={generated?.fieldErrors?.prompt}
            />
            <SelectField
              name="size"
              label="Size"
              options={IMAGE_SIZES}
              defaultValue={IMAGE_SIZES[0].value}
              error={generated?.fieldErrors?.size}
            />
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className="btn-primary" disabled={generating}>
                {generating ? "Generating…" : "Generate"}
              </button>
              {generating ? (
                <p
                  role="status"
                  className="flex items-center gap-2 text-sm text-ink-soft"
                  data-testid="studio-progress"
                >
                  <Icon
                    icon={LoaderCircle}
                    aria-hidden="true"
                    className="h-4 w-4 animate-spin motion-reduce:animate-none"
                  />
                  Asking the image service… <Elapsed />
                </p>
              ) : null}
            </div>
            {generated?.status === "error" && !generating ? <ActionResult result={generated} className="" /> : null}
          </Form>
        </>
      )}
      {image && !generating ? (
        <GeneratedImage image={image} message={generated?.message} attachResult={attachResult} products={products} />
      ) : (
        <AttachedResult result={attachResult} />
      )}
    </AdminPage>
  );
}

function GeneratedImage({
  image,
  message,
  attachResult,
  products,
}: {
  image: StudioImage;
  message: string | undefined;
  attachResult: StudioResult | null;
  products: { id: string; title: string }[];
}) {
  // A plain Form, not a fetcher: useFetcher would add its code to the framework chunk every
  // storefront page loads (tests/e2e/budget.spec.ts).
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "attach";
  return (
    <section
      className="card mt-6 grid max-w-2xl gap-4 p-5"
      aria-labelledby="result-heading"
      data-testid="studio-result"
    >
      <h2 id="result-heading" className="text-lg font-semibold">
        Your picture
      </h2>
      {message ? (
        <p role="status" className="-mt-2 text-sm text-chaeto">
          {message}
        </p>
      ) : null}
      <img
        src={image.preview}
        alt={`Generated from the prompt: ${image.prompt}`}
        width={image.width}
        height={image.height}
        className="h-auto max-h-[28rem] w-full rounded-xl bg-sand object-contain"
      />
      <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="attach" />
        <input type="hidden" name="image" value={image.key} />
        <SelectField
          name="productId"
          label="Add it to a product"
          hint="It goes after the product's photos; the storefront keeps its main photo."
          prompt="Choose a product"
          required
          options={products.map((p) => ({ value: p.id, label: p.title }))}
          error={attachResult?.fieldErrors?.productId}
        />
        <button type="submit" className="btn-secondary" disabled={busy}>
          {busy ? "Adding…" : "Add to product"}
        </button>
      </Form>
      <AttachedResult result={attachResult} />
    </section>
  );
}

function AttachedResult({ result }: { result: StudioResult | null | undefined }) {
  if (!result) return null;
  return (
    <div className="mt-2">
      <ActionResult result={result} className="" />
      {result.attached ? (
        <p className="mt-2 flex items-center gap-3 text-sm">
          <img
            src={catalogImageUrl(result.attached.key, 240, "webp")}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 rounded-lg object-cover"
          />
          <Link to="/admin/catalogue" className="text-reef-dark underline">
            Open the catalogue
          </Link>
        </p>
      ) : null}
    </div>
  );
}
