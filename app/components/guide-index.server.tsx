import { BookOpen, MessageCircle } from "lucide";
import { Link } from "react-router";
import { PageHeader } from "#app/components/page-header";
import { Icon } from "#app/components/ui/icon";

/*
 * Reef Wisdom's header and list of guides: markup only, rendered to HTML by the loader
 * (an `Island`, app/components/island.tsx); the chat between them is the page's one component in the browser.
 */

interface GuideSummary {
  slug: string;
  title: string;
  description: string;
  readingMinutes: number;
  topics: string[];
}

export function GuideIndexHeader({ count }: { count: number }) {
  return (
    <PageHeader
      eyebrow="Reef Wisdom"
      title="The Lazy Reefer Guide"
      intro={`Everything we wish someone had told us before our first reef, in ${count} guides. Read them in order or jump to the one you need today.`}
    />
  );
}

export function GuideIndex({ guides }: { guides: GuideSummary[] }) {
  return (
    <>
      <h2 className="mb-6 text-3xl font-semibold">The {guides.length} guides</h2>
      <ol className="grid gap-6 md:grid-cols-2">
        {guides.map((guide, i) => (
          <li key={guide.slug} className="card flex flex-col p-6">
            <p className="flex items-center gap-2 text-sm font-semibold text-reef-dark">
              <Icon icon={BookOpen} aria-hidden="true" className="h-4 w-4" /> Part {i + 1} · {guide.readingMinutes} min
              read
            </p>
            <h3 className="mt-2 text-2xl font-semibold">
              <Link to={`/reef-wisdom/lazy-reefer-guide/${guide.slug}`} className="hover:underline">
                {guide.title}
              </Link>
            </h3>
            <p className="mt-2 text-ink-soft">{guide.description}</p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {guide.topics.map((topic) => (
                <li key={topic} className="rounded-full bg-sand px-3 py-1 text-xs font-medium text-ink-soft">
                  {topic}
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li className="card flex flex-col bg-ink p-6 text-sand">
          <p className="flex items-center gap-2 text-sm font-semibold text-reef-light">
            <Icon icon={MessageCircle} aria-hidden="true" className="h-4 w-4" /> More reading
          </p>
          <h3 className="mt-2 text-2xl font-semibold text-white">Care sheets</h3>
          <p className="mt-2 text-sand/85">Short, practical care sheets for the livestock and plants we send out.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/care" className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-sand">
              Chaeto care
            </Link>
            <Link to="/hermit" className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-sand">
              Hermit crab care
            </Link>
          </div>
        </li>
      </ol>
    </>
  );
}
