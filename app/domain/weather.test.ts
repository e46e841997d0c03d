import { describe, expect, it } from "vitest";
import {
  arrivalDayForecast,
  DEFAULT_WEATHER_THRESHOLDS as T,
  nextSafeChoice,
  thresholdProblems,
  weatherVerdict,
  type ForecastPeriod,
} from "./weather";

const day = (date: string, temperatureF: number): ForecastPeriod => ({
  startTime: `${date}T06:00:00-05:00`,
  isDaytime: true,
  temperatureF,
});
const night = (date: string, temperatureF: number): ForecastPeriod => ({
  startTime: `${date}T18:00:00-05:00`,
  isDaytime: false,
  temperatureF,
});

describe("weatherVerdict", () => {
  it("holds below the hold line, packs heat at or below its line, cold at or above its line", () => {
    expect(weatherVerdict({ lowF: 34, highF: 50 }, T)).toBe("hold");
    expect(weatherVerdict({ lowF: 35, highF: 50 }, T)).toBe("heat");
    expect(weatherVerdict({ lowF: 65, highF: 70 }, T)).toBe("heat");
    expect(weatherVerdict({ lowF: 66, highF: 79 }, T)).toBe("none");
    expect(weatherVerdict({ lowF: 70, highF: 80 }, T)).toBe("cold");
  });
});

describe("arrivalDayForecast", () => {
  it("takes the low of the night before and of the day's evening, the high of the day", () => {
    const periods = [night("2027-01-25", 30), day("2027-01-26", 55), night("2027-01-26", 40), day("2027-01-27", 60)];
    expect(arrivalDayForecast(periods, "2027-01-26")).toEqual({ lowF: 30, highF: 55 });
    expect(arrivalDayForecast(periods, "2027-01-27")).toEqual({ lowF: 40, highF: 60 });
    expect(arrivalDayForecast(periods, "2027-02-10")).toBeNull();
  });
});

describe("nextSafeChoice", () => {
  it("skips ship days whose arrival is forecast too cold; past the forecast the calendar decides", () => {
    const periods = [day("2027-01-26", 20), night("2027-01-26", 20), day("2027-01-27", 50), night("2027-01-27", 50)];
    const choices = [
      { shipOn: "2027-01-25", arriveOn: "2027-01-26" },
      { shipOn: "2027-01-26", arriveOn: "2027-01-27" },
      { shipOn: "2027-01-27", arriveOn: "2027-01-28" },
    ];
    expect(nextSafeChoice(choices, periods, T)?.choice.shipOn).toBe("2027-01-27");
    expect(nextSafeChoice(choices.slice(2), [], T)).toMatchObject({ forecast: null, verdict: "none" });
    expect(nextSafeChoice(choices.slice(0, 2), periods, T)).toBeNull();
  });
});

describe("thresholdProblems", () => {
  it("accepts the defaults and refuses a cold pack at or below the heat pack", () => {
    expect(thresholdProblems(T)).toEqual({});
    expect(thresholdProblems({ ...T, coldPackAtOrAboveF: 65 })).toHaveProperty("coldPackAtOrAboveF");
    expect(thresholdProblems({ ...T, heatPackAtOrBelowF: 20 })).toHaveProperty("heatPackAtOrBelowF");
  });
});
