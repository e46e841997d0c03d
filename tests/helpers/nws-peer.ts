import http from "node:http";
import { listenOnLoopback } from "./loopback";

export interface NwsRequest {
  path: string;
  userAgent: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A stand-in for an outside service: the US National Weather Service's forecast API
 * (api.weather.gov), a real HTTP server on loopback shaped like it. `GET /points/{lat},{lon}`
 * answers the point's `forecast` URL (its grid numbers encode the point); that URL answers
 * twelve-hour periods (day 06:00, night 18:00, UTC−5) for `days` days from `from` on (unset: from
 * yesterday, as the request arrives), each at `temperatureF(date, point)`. `down` drops every
 * connection unanswered, as a service that cannot be reached; `hang` never answers.
 */
export async function startNwsPeer(
  port = 0,
  temperatureF: (date: string, point: { latitude: number; longitude: number }) => number = () => 70,
) {
  const requests: NwsRequest[] = [];
  const state = {
    /** The first forecast date ("YYYY-MM-DD"); null: yesterday (UTC) at each request. */
    from: null as string | null,
    days: 7,
    temperatureF,
    down: false,
    hang: false,
  };
  const server = http.createServer((req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const path = req.url ?? "/";
    requests.push({ path, userAgent: req.headers["user-agent"] });
    if (state.hang) return; // close() ends the socket
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "Content-Type": "application/geo+json" }).end(JSON.stringify(body));
    const { port: own } = server.address() as { port: number };
    const base = `http://127.0.0.1:${own}`;
    const point = /^\/points\/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(path);
    if (point) {
      // The grid numbers carry the point (hundredths of a degree), for the forecast to find it again.
      const gridX = Math.round((Number(point[1]) + 90) * 100);
      const gridY = Math.round((Number(point[2]) + 180) * 100);
      const forecast = `${base}/gridpoints/TBW/${gridX},${gridY}/forecast`;
      return json(200, {
        id: `${base}${path}`,
        type: "Feature",
        geometry: { type: "Point", coordinates: [Number(point[2]), Number(point[1])] },
        properties: {
          gridId: "TBW",
          gridX,
          gridY,
          forecast,
          forecastHourly: `${forecast}/hourly`,
          timeZone: "America/New_York",
        },
      });
    }
    const grid = /^\/gridpoints\/TBW\/(\d+),(\d+)\/forecast$/.exec(path);
    if (grid) {
      const at = { latitude: Number(grid[1]) / 100 - 90, longitude: Number(grid[2]) / 100 - 180 };
      const from = state.from ?? addDays(new Date().toISOString().slice(0, 10), -1);
      const periods = Array.from({ length: state.days * 2 }, (_, i) => {
        const date = addDays(from, Math.floor(i / 2));
        const isDaytime = i % 2 === 0;
        const temperature = state.temperatureF(date, at);
        return {
          number: i + 1,
          name: isDaytime ? date : `${date} night`,
          startTime: `${date}T${isDaytime ? "06" : "18"}:00:00-05:00`,
          endTime: isDaytime ? `${date}T18:00:00-05:00` : `${addDays(date, 1)}T06:00:00-05:00`,
          isDaytime,
          temperature,
          temperatureUnit: "F",
          temperatureTrend: null,
          windSpeed: "5 mph",
          windDirection: "N",
          shortForecast: "Sunny",
          detailedForecast: `${isDaytime ? "High" : "Low"} near ${temperature}.`,
        };
      });
      return json(200, { type: "Feature", properties: { units: "us", updated: new Date().toISOString(), periods } });
    }
    json(404, { title: "Not Found", status: 404, detail: `No route for ${path}` });
  });
  const { port: bound, close } = await listenOnLoopback(server, port);
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    state,
    close,
  };
}
