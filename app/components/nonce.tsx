import { createContext, useContext } from "react";

/** The CSP nonce reaches components through context on the server; browsers hide it, so it is "" there. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
