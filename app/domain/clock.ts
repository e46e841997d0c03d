/** Time is injected so offers, reservations and expiry can be tested at any moment. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function fixedClock(at: Date | string): Clock {
  const time = new Date(at).getTime();
  return () => new Date(time);
}
