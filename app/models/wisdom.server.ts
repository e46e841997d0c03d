import { getPage, listGuides } from "./content.server";
import {
  createRetriever,
  WISDOM_PAGE_SLUGS,
  wisdomSectionsFromDocument,
  type WisdomRetriever,
  type WisdomSection,
} from "./wisdom/retriever";

let sections: WisdomSection[] | undefined;
let retriever: WisdomRetriever | undefined;

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

/** The reef-wisdom retriever over the bundled guides and care pages, built once on first use. */
export function getWisdomRetriever(): WisdomRetriever {
  retriever ??= createRetriever(getWisdomSections());
  return retriever;
}
