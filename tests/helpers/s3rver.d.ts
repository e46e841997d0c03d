// s3rver ships no type declarations; the test peer uses a small part of it.
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory?: string;
      silent?: boolean;
      resetOnClose?: boolean;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
