import { Clock } from "lucide";
import { Island } from "#app/components/island";
import { Icon } from "#app/components/ui/icon";
import { formatDate } from "#app/domain/dates";
import type { ReactNode } from "react";

interface ArticleDoc {
  title: string;
  description: string;
  updated: string;
  readingMinutes: number;
  /** Absent in a document request's hydration data: the server rendered it (app/components/island.tsx). */
  html: string | undefined;
  toc: Array<{ id: string; title: string; level: 2 | 3 }>;
}

/** A long-form page: title, reading time, table of contents and the server-rendered Markdown. */
export function Article({
  doc,
  eyebrow,
  aside,
  footer,
}: {
  doc: ArticleDoc;
  eyebrow: string;
  aside?: ReactNode;
  footer?: ReactNode;
}) {
  const sections = doc.toc.filter((entry) => entry.level === 2);
  return (
    <article>
      <header className="border-b border-line bg-paper">
        <div className="container-page py-12 sm:py-16">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-2 max-w-3xl text-4xl leading-tight font-semibold sm:text-5xl">{doc.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-soft">{doc.description}</p>
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-soft">
            <span className="inline-flex items-center gap-1.5">
              <Icon icon={Clock} aria-hidden="true" className="h-4 w-4" /> {doc.readingMinutes} min read
            </span>
            <span>
              Last updated <time dateTime={doc.updated}>{formatDate(doc.updated, "long")}</time>
            </span>
          </p>
        </div>
      </header>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          {sections.length > 1 ? (
            <nav aria-labelledby="toc-heading" className="rounded-2xl border border-line bg-paper p-5">
              <h2 id="toc-heading" className="font-sans text-sm font-semibold tracking-wide uppercase">
                On this page
              </h2>
              <ol className="mt-3 space-y-2 text-sm">
                {sections.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`} className="text-ink-soft hover:text-ink hover:underline">
                      {entry.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          {aside}
        </aside>
        <div className="min-w-0">
          <Island id="article-body" html={doc.html} className="prose-reef max-w-3xl" />
          {footer}
        </div>
      </div>
    </article>
  );
}
