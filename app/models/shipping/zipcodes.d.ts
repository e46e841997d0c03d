/** The part of the `zipcodes` package (no types of its own) the shop uses. */
declare module "zipcodes" {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipCode | undefined;
}
