import { Suspense, useMemo } from "react";
import { Await, data } from "react-router";
import { comboBuilderHtml } from "#app/components/combo-builder-html.server";
import { ComboBuilderIsland } from "#app/components/combo-builder-island";
import { Island } from "#app/components/island";
import { GALLERY_SIZES, ProductGallery } from "#app/components/product-gallery";
import {
  BackToProducts,
  ItemDetails,
  ItemIntro,
  PurchaseStock,
  RelatedItems,
  SubscribeChoice,
  type SubscribeOffer,
} from "#app/components/product-page.server";
import { PurchasePanel } from "#app/components/purchase-panel";
import { routeErrorBoundary } from "#app/components/route-error";
import { WaitlistForm, type WaitlistFormView } from "#app/components/waitlist-form.server";
import { inShopWindow, offerReplacement, type StockState } from "#app/domain/availability";
import { formatDate } from "#app/domain/dates";
import { parseForm } from "#app/domain/forms";
import { catalogImageDefault, catalogImagePreload } from "#app/domain/images";
import { formatCents } from "#app/domain/money";
import { productFacts } from "#app/domain/product-facts";
import { coralFoodOf } from "#app/domain/reorder-reminder";
import { deliveryChoices, formatShipDay } from "#app/domain/ship-calendar";
import {
  describeSubscribedPrice,
  MAX_EVERY_WEEKS,
  MIN_EVERY_WEEKS,
  subscribedUnitPrice,
  subscriptionSaving,
} from "#app/domain/subscriptions";
import { coralFoodSentence } from "#app/domain/tank-profile";
import { WaitlistSchema } from "#app/forms/waitlist";
import { hasSessionCookie } from "#app/models/accounts/session-cookie";
import { getUser } from "#app/models/accounts/session.server";
import { bundleView, productView, type BundleView, type ProductView } from "#app/models/catalogue/catalogue-view";
import { getBundle, getProduct, listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { joinWaitlist } from "#app/models/catalogue/waitlist.server";
import { customerMailAnswers } from "#app/models/mail-setup.server";
import { loadShipCalendar } from "#app/models/shipping/ship-calendar.server";
import { profileTankOf } from "#app/models/tanks/tank-profile.server";
import { WAITLIST_LIMIT } from "#app/services/rate-limit.server";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta, type PageSeo } from "#app/utils/seo";
import type { Route } from "./+types/product";
import type { AppLoadContext } from "react-router";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  loaderData
    ? [
        ...pageMeta(matches, loaderData.seo),
        // The gallery's main image is the LCP element; `links` cannot see loader data, so it is preloaded here.
        { tagName: "link", ...loaderData.mainImage },
      ]
    : // The error page names itself (app/components/error-pages.tsx).
      [];

/** Title, description and the schema.org Product of the page, worked out on the server. */
function productSeo(
  url: string,
  view: { name: string; description: string; imageKey: string; sku: string; priceCents: number },
  purchasable: boolean,
): PageSeo {
  const image = catalogImageDefault(view.imageKey);
  const { name, description } = view;
  return {
    title: name,
    description: description.length > 158 ? `${description.slice(0, 155).trimEnd()}…` : description,
    path: url,
    image,
    type: "product",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name,
      description,
      image: [image],
      sku: view.sku,
      brand: { "@type": "Brand", name: "Lazy Reefer" },
      offers: {
        "@type": "Offer",
        price: (view.priceCents / 100).toFixed(2),
        priceCurrency: "USD",
        availability: purchasable ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        url,
      },
    },
  };
}

/** What the browser needs of the item: the gallery, the buy button and whether the combo builder shows. */
interface ItemBasics {
  kind: "product" | "bundle";
  id: string;
  title: string;
  imageKeys: string[];
  stock: StockState;
  purchasable: boolean;
  comboEligible: boolean;
  /** Sold out: the page shows "Email me when it's back" (decision 042). */
  waitlist: boolean;
}

/** The interval the product page offers first. */
const DEFAULT_EVERY_WEEKS = 4;

/** Subscribe & save for a product its owner offers so: the once and subscribed prices, as the server works them out. */
function subscribeOffer(product: {
  priceCents: number;
  subscribeSavingPercent?: number | null;
}): SubscribeOffer | null {
  const percent = subscriptionSaving(product);
  if (percent === null) return null;
  const { unitPrice, saving } = subscribedUnitPrice(product.priceCents, percent);
  const options = [];
  for (let weeks = MIN_EVERY_WEEKS; weeks <= MAX_EVERY_WEEKS; weeks++)
    options.push({ weeks, label: describeSubscribedPrice(unitPrice, saving, weeks) });
  return {
    savingPercent: percent,
    once: `${formatCents(product.priceCents)} each`,
    options,
    defaultWeeks: DEFAULT_EVERY_WEEKS,
  };
}

/** The waitlist form's view for a sold-out item: the next ship day and, for a signed-in customer, their address. */
async function waitlistView(
  context: AppLoadContext,
  request: Request,
  item: { kind: "product" | "bundle"; id: string; live: boolean },
): Promise<WaitlistFormView> {
  const { services } = context;
  const now = services.clock();
  const [calendar, user] = await Promise.all([
    loadShipCalendar(services.database.db, services.config.shopTimeZone, now),
    hasSessionCookie(request.headers.get("cookie")) ? getUser(services, request.headers) : null,
  ]);
  const next = deliveryChoices(calendar, { now, live: item.live, state: null, count: 1 })[0];
  return {
    kind: item.kind,
    id: item.id,
    signedInEmail: user?.email ?? null,
    nextShipDay: next ? formatShipDay(next.shipOn) : null,
  };
}

/**
 * "Email me when it's back", posted as a plain form (before or without JavaScript): the same
 * schema, limit and answer as `POST /api/waitlist`, shown in place of the form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const { db } = services.database;
  const form = await request.formData();
  const id = params.productId;
  const product = await getProduct(db, id);
  const kind = product?.active ? "product" : "bundle";
  const base: WaitlistFormView = { kind, id, signedInEmail: null, nextShipDay: null };
  const answer = (result: WaitlistFormView["result"], status = 200) =>
    data({ waitlist: islandHtml(context, "waitlist-result", <WaitlistForm view={{ ...base, result }} />) }, { status });
  const email = form.get("email");
  const typed = typeof email === "string" ? email.slice(0, 254) : "";
  const parsed = parseForm(WaitlistSchema, form);
  if (!parsed.success)
    return answer(
      { status: "error", error: parsed.result.fieldErrors?.email ?? parsed.result.message, email: typed },
      400,
    );
  const limited = await services.rateLimiter.hit(`waitlist:${context.clientIp}`, WAITLIST_LIMIT);
  if (!limited.allowed)
    return answer(
      {
        status: "error",
        message: "Too many requests from your connection. Please try again in a few minutes.",
        email: typed,
      },
      429,
    );
  if (!parsed.data.website) {
    const outcome = await joinWaitlist(
      { db, config: services.config, secret: services.secret, now: services.clock() },
      { email: parsed.data.email, item: { kind, id } },
    );
    if (outcome.kind === "not-found") throw data(null, { status: 404 });
  }
  return answer({ status: "success", message: customerMailAnswers.waitlist(services.config) });
}

/** The suggestions below the item, as HTML once they are in (deferred: not needed for the first paint). */
function relatedHtml(context: AppLoadContext, items: Promise<Array<ProductView | BundleView>>) {
  return items.then((list) => islandHtml(context, "related-items", <RelatedItems items={list} />));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const now = context.services.clock();
  const id = params.productId;
  const url = `/product/${id}`;
  const page = (
    view: Parameters<typeof ItemIntro>[0]["item"],
    item: ItemBasics,
    seo: PageSeo,
    related: Promise<Array<ProductView | BundleView>>,
    mainImageKey: string,
    combo?: string,
    waitlist?: WaitlistFormView,
  ) => ({
    item,
    seo,
    waitlist: waitlist ? islandHtml(context, "waitlist", <WaitlistForm view={waitlist} />) : undefined,
    back: islandHtml(context, "back-to-products", <BackToProducts />),
    mainImage: catalogImagePreload(mainImageKey, GALLERY_SIZES),
    intro: islandHtml(context, "item-intro", <ItemIntro item={view} />),
    stock: islandHtml(context, "item-stock", <PurchaseStock stock={item.stock} purchasable={item.purchasable} />),
    details: islandHtml(context, "item-details", <ItemDetails item={view} />),
    related: relatedHtml(context, related),
    combo,
  });

  const product = await getProduct(db, id);
  if (product && product.active) {
    const view = productView(product, now);
    const all = listProducts(db);
    // An ended offer's page still answers, and points to what replaced it.
    const endedOn =
      view.stock.kind === "offer-ended" && product.metadata.validUntil
        ? formatDate(product.metadata.validUntil, "long")
        : null;
    const replacement =
      view.stock.kind === "offer-ended"
        ? await all
            .then((list) => offerReplacement(product, list, now))
            .then((p) => (p ? { id: p.id, title: p.title } : null))
        : null;
    // Secondary content streams in after the critical product data.
    const related = all.then((list) =>
      list
        .filter((p) => inShopWindow(p, now) && p.id !== id && p.category !== "tip")
        .slice(0, 3)
        .map((p) => productView(p, now)),
    );
    const imageKey = view.imageKeys[0] ?? view.id;
    // For a signed-in reefer with a tank: the coral food's weeks in it. Signed out this reads
    // nothing, so the page stays the one the page cache shares.
    const food = coralFoodOf(product.metadata);
    const tank = food ? await profileTankOf(context.services, request) : null;
    const forYourTank = food && tank ? coralFoodSentence(food, tank) : null;
    const offer = view.purchasable ? subscribeOffer(product) : null;
    const subscribe = offer
      ? islandHtml(context, "subscribe-choice", <SubscribeChoice itemId={view.id} offer={offer} />)
      : undefined;
    const answer = page(
      { kind: "product", product: view, facts: productFacts(product), replacement, endedOn },
      {
        kind: "product",
        id: view.id,
        title: view.title,
        imageKeys: [imageKey, ...view.imageKeys.slice(1)],
        stock: view.stock,
        purchasable: view.purchasable,
        comboEligible: Boolean(view.metadata.comboEligible),
        waitlist: view.stock.kind === "out-of-stock",
      },
      productSeo(url, { ...view, name: view.title, imageKey }, view.purchasable),
      related,
      // A product without pictures of its own shows its catalogue image.
      imageKey,
      view.purchasable && view.metadata.comboEligible ? await comboBuilderHtml(context, [view.id]) : undefined,
      view.stock.kind === "out-of-stock"
        ? await waitlistView(context, request, {
            kind: "product",
            id: view.id,
            live: product.metadata.livePlant === true,
          })
        : undefined,
    );
    return { ...answer, forYourTank, subscribable: offer !== null, subscribe };
  }

  const bundle = await getBundle(db, id);
  if (bundle && bundle.active) {
    const products = await listProducts(db);
    const view = bundleView(bundle, products, now);
    const related = listBundles(db).then((all) =>
      all
        .filter((b) => b.active && b.id !== id)
        .slice(0, 3)
        .map((b) => bundleView(b, products, now)),
    );
    const answer = page(
      { kind: "bundle", bundle: view },
      {
        kind: "bundle",
        id: view.id,
        title: view.name,
        imageKeys: [view.imageKey],
        stock: view.stock,
        purchasable: view.purchasable,
        comboEligible: false,
        waitlist: view.stock.kind === "out-of-stock",
      },
      productSeo(url, { ...view, sku: view.id }, view.purchasable),
      related,
      view.imageKey,
      undefined,
      view.stock.kind === "out-of-stock"
        ? await waitlistView(context, request, {
            kind: "bundle",
            id: view.id,
            live: bundle.components.some(
              (c) => products.find((p) => p.id === c.productId)?.metadata.livePlant === true,
            ),
          })
        : undefined,
    );
    return { ...answer, forYourTank: null, subscribable: false, subscribe: undefined };
  }

  throw data(null, { status: 404 });
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, back, intro, stock, details, related, combo, waitlist, forYourTank, subscribable, subscribe } =
    loaderData;
  const initial = useMemo(() => [item.id], [item.id]);
  return (
    <div className="container-page py-8 sm:py-12">
      <Island id="back-to-products" html={back} />

      <article className="mt-6 grid gap-10 lg:grid-cols-2">
        <ProductGallery imageKeys={item.imageKeys} title={item.title} />
        <div>
          <Island id="item-intro" html={intro} />
          {forYourTank ? (
            <p className="mt-4 rounded-lg bg-sand-deep p-3 text-sm" data-testid="for-your-tank">
              {forYourTank}
            </p>
          ) : null}
          <div className="mt-6 rounded-2xl border border-line bg-paper p-5">
            <Island id="item-stock" html={stock} />
            {item.purchasable ? (
              <PurchasePanel itemId={item.id} kind={item.kind} stock={item.stock}>
                {subscribable ? <Island id="subscribe-choice" html={subscribe} /> : null}
              </PurchasePanel>
            ) : null}
            {actionData ? (
              <Island id="waitlist-result" html={actionData.waitlist} />
            ) : item.waitlist ? (
              <Island id="waitlist" html={waitlist} />
            ) : null}
          </div>
          <Island id="item-details" html={details} />
        </div>
      </article>

      {item.comboEligible && item.purchasable ? (
        <div className="mt-16">
          <ComboBuilderIsland html={combo} initial={initial} />
        </div>
      ) : null}

      <section aria-labelledby="related-heading" className="mt-20">
        <h2 id="related-heading" className="text-2xl font-semibold sm:text-3xl">
          {item.kind === "product" ? "You might also like" : "Other bundles"}
        </h2>
        <Suspense fallback={<RelatedSkeleton />}>
          <Await
            resolve={related}
            errorElement={<p className="mt-4 text-ink-soft">Suggestions could not be loaded.</p>}
          >
            {(html) => <Island id="related-items" html={html} />}
          </Await>
        </Suspense>
      </section>
    </div>
  );
}

function RelatedSkeleton() {
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="card h-80 animate-pulse bg-sand-deep" />
      ))}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary("product");
