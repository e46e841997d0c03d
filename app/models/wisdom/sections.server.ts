import { getPage, listGuides } from "#app/models/content/content.server";
import { TERMS_PAGE_SLUGS, WISDOM_PAGE_SLUGS, wisdomSectionsFromDocument } from "./documents";
import type { WisdomSection } from "./types";

// Apart from wisdom.server.ts, which searches the shop: the shop's search reads most of these sections too.
let sections: WisdomSection[] | undefined;

/** Every section of the bundled guides, care pages and terms, with its heading and link: what the chat answers from. */
export function getWisdomSections(): WisdomSection[] {
  if (sections) return sections;
  const guides = listGuides().flatMap((doc) => wisdomSectionsFromDocument(doc, "guide"));
  const pages = WISDOM_PAGE_SLUGS.flatMap((slug) => {
    const doc = getPage(slug);
    return doc ? wisdomSectionsFromDocument(doc, "page") : [];
  });
  sections = [...guides, ...pages];
  return sections;
}

let searched: WisdomSection[] | undefined;

/**
 * What the search box searches: the guides and care pages. The terms and privacy pages are for the
 * chat's shop questions; in search results "gift card" would find the card-payment terms.
 */
export function getSearchSections(): WisdomSection[] {
  searched ??= getWisdomSections().filter((s) => !TERMS_PAGE_SLUGS.some((slug) => s.url.startsWith(`/${slug}#`)));
  return searched;
}
