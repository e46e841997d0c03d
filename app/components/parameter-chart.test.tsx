import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ALK_BAND, CALCIUM_BAND, NITRATE_BAND, NOW, READINGS } from "../../tests/helpers/reef-readings";
import { ParameterChart } from "./parameter-chart";
import { Sparkline } from "./sparkline";

const alk = (over: Partial<Parameters<typeof ParameterChart>[0]> = {}) =>
  renderToStaticMarkup(
    <ParameterChart
      parameter="alkalinity"
      unit="dKH"
      band={ALK_BAND}
      readings={READINGS}
      window={30}
      now={NOW}
      maxStepPerDay={1}
      {...over}
    />,
  );

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;
const tableRows = (html: string) => count(html.slice(html.indexOf("<tbody>")), /<tr /);

describe("the parameter chart", () => {
  it("is an SVG image titled and described by the summary, with the band shaded", () => {
    const html = alk();
    expect(html).toMatch(/<svg role="img" aria-labelledby="([^"]+)" aria-describedby="([^"]+)"/);
    const [, titleId, descId] = /aria-labelledby="([^"]+)" aria-describedby="([^"]+)"/.exec(html) ?? [];
    expect(html).toContain(`<title id="${titleId}">Alkalinity over the last 30 days, target 8–9.5 dKH</title>`);
    expect(html).toContain(
      `<desc id="${descId}">Alkalinity 7.2 dKH, below the 8–9.5 target; fell 1.4 dKH in a day on Nov 27. 10 readings between 7.2 and 8.6 dKH; 2 outside the target; 1 swing faster than 1 dKH a day.</desc>`,
    );
    expect(count(html, /data-testid="target-band"/)).toBe(1);
    expect(html).toContain('viewBox="0 0 360 220"');
    expect(html).toContain('href="/reef-wisdom/lazy-reefer-guide/water-chemistry"');
  });

  it("flags the one swing with a dashed segment and a marker, and marks the readings outside the band by shape", () => {
    const html = alk();
    expect(count(html, /data-testid="swing-segment"/)).toBe(1);
    expect(html).toContain('stroke-dasharray="6 3"');
    expect(count(html, /data-band="below"/)).toBe(2);
    expect(count(html, /data-band="in"/)).toBe(8);
    // Without a step, nothing is called a swing.
    expect(count(alk({ maxStepPerDay: undefined }), /data-testid="swing-segment"/)).toBe(0);
  });

  it("lists every reading in the table with its place against the band and its swing", () => {
    const html = alk();
    expect(html).toContain("<summary");
    expect(html).toContain("Show as a table");
    expect(tableRows(html)).toBe(10);
    expect(html).toContain('>Nov 27, 2026,</span> <span class="whitespace-nowrap">8:00 AM</span></th><td');
    expect(html).toMatch(
      /<td class="py-1 pr-3">7\.2<\/td><td class="py-1 pr-3">Below<\/td><td class="py-1"><strong[^>]*><span aria-hidden="true">! <\/span>Fell 1\.4 dKH in a day<\/strong>/,
    );
    expect(count(html, />No<\/td>/)).toBe(9);
  });

  it("switches windows with plain links back to the chart", () => {
    const html = alk({ window: 90 });
    expect(html).toContain('href="?window=30#alkalinity-chart"');
    expect(html).toContain('href="?window=365#alkalinity-chart"');
    expect(html).toMatch(/<a href="\?window=90#alkalinity-chart" aria-current="true"/);
    expect(html).toContain('id="alkalinity-chart"');
    const custom = alk({ windowHref: (w) => `/account/tanks/t1?window=${w}` });
    expect(custom).toContain('href="/account/tanks/t1?window=365"');
  });

  it("says there is nothing to draw rather than drawing an empty axis", () => {
    const html = renderToStaticMarkup(
      <ParameterChart
        parameter="magnesium"
        unit="ppm"
        band={{ low: 1250, high: 1400 }}
        readings={READINGS}
        window={30}
        now={NOW}
      />,
    );
    expect(html).toContain("No magnesium readings in the last 30 days.");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("<table");
    expect(html).toContain('href="?window=365#magnesium-chart"');
  });

  it("draws a single reading as a point without a line, and says so", () => {
    const one = READINGS.filter((r) => r.parameter === "calcium").slice(-1);
    const html = renderToStaticMarkup(
      <ParameterChart parameter="calcium" unit="ppm" band={CALCIUM_BAND} readings={one} window={30} now={NOW} />,
    );
    expect(html).toContain("Calcium 420 ppm, within the 400–450 target.");
    expect(html).toContain("One reading so far");
    expect(count(html, /data-band="in"/)).toBe(1);
    expect(html).not.toContain('stroke-width="2" stroke-linejoin="round"');
    expect(tableRows(html)).toBe(1);
  });

  it("keeps near-zero nitrate on an axis from 0", () => {
    const html = renderToStaticMarkup(
      <ParameterChart parameter="nitrate" unit="ppm" band={NITRATE_BAND} readings={READINGS} window={30} now={NOW} />,
    );
    expect(html).toContain("Nitrate 0.0 ppm, below the 2–10 target.");
    expect(html).toMatch(/text-anchor="end" fill="#3a5566">0<\/text>/);
  });

  it("draws readings taken at the same moment, and a band of one value, without complaint", () => {
    const twice = [...READINGS, ...READINGS];
    const html = alk({ readings: twice, band: { low: 8.5, high: 8.5 } });
    expect(tableRows(html)).toBe(20);
    expect(html).not.toContain("NaN");
  });
});

describe("the sparkline", () => {
  it("says the trend and the latest reading", () => {
    const html = renderToStaticMarkup(
      <Sparkline parameter="alkalinity" unit="dKH" band={ALK_BAND} readings={READINGS} now={NOW} />,
    );
    expect(html).toContain('role="img" aria-label="Alkalinity trend: falling, latest 7.2 dKH"');
    expect(html).toContain("<polyline");
    const calcium = renderToStaticMarkup(
      <Sparkline parameter="calcium" unit="ppm" band={CALCIUM_BAND} readings={READINGS} now={NOW} />,
    );
    expect(calcium).toContain('aria-label="Calcium trend: falling, latest 420 ppm"');
    const none = renderToStaticMarkup(<Sparkline parameter="ph" unit="" readings={READINGS} now={NOW} />);
    expect(none).toContain('aria-label="pH trend: no readings in the last 30 days"');
    expect(none).not.toContain("<polyline");
  });
});
