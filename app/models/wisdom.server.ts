import { getPage, listGuides } from "./content.server";
import {
  createRetriever,
  WISDOM_PAGE_SLUGS,
  wisdomSectionsFromDocument,
  type WisdomRetriever,
} from "./wisdom/retriever";

let retriever: WisdomRetriever | undefined;

/** The reef-wisdom retriever over the bundled guides and care pages, built once on first use. */
export function getWisdomRetriever(): WisdomRetriever {
  if (retriever) return retriever;
  const guides = listGuides().flatMap((doc) => wisdomSectionsFromDocument(doc, "guide"));
  const pages = WISDOM_PAGE_SLUGS.flatMap((slug) => {
    const doc = getPage(slug);
    return doc ? wisdomSectionsFromDocument(doc, "page") : [];
  });
  retriever = createRetriever([...guides, ...pages]);
  return retriever;
}
