import { getPage, listGuides } from "#app/models/content/content.server";
import { WISDOM_PAGE_SLUGS, wisdomSectionsFromDocument } from "./documents";
import type { WisdomSection } from "./types";

// Apart from wisdom.server.ts, which searches the shop: the shop's search reads these sections too.
let sections: WisdomSection[] | undefined;

/** Every section of the bundled guides and care pages, with its heading and link: what the chat and the search box search. */
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
