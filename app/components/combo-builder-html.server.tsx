import { toTheMinute } from "#app/domain/dates";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { islandHtml } from "#app/utils/island-html.server";
import { ComboBuilder } from "./combo-builder";
import { COMBO_BUILDER_ID } from "./combo-builder-island";
import type { AppLoadContext } from "react-router";

/**
 * The combo builder's HTML, drawn from the catalogue and the minute the root's data carries
 * (app/root.tsx), which its island hydrates with.
 */
export async function comboBuilderHtml(context: AppLoadContext, initial?: string[]): Promise<string | undefined> {
  const catalogue = await loadCatalogueSnapshot(context.services.database.db);
  return islandHtml(
    context,
    COMBO_BUILDER_ID,
    <ComboBuilder initial={initial} catalogue={catalogue} now={toTheMinute(context.services.clock())} />,
  );
}
