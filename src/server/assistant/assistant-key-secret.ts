import { createHash, randomBytes } from "node:crypto";

const PREFIX = "cdk_";
/** `cdk_` and 32 random bytes in base64url: recognisable in a leaked config, unguessable. */
const SHAPE = /^cdk_[A-Za-z0-9_-]{43}$/;

export const generateAssistantKey = () => `${PREFIX}${randomBytes(32).toString("base64url")}`;

/** Only this digest is stored: a database leak yields no usable key. */
export const hashAssistantKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Whether a presented value could be a key at all; anything else is refused without a database lookup. */
export const isAssistantKeyShaped = (value: string) => SHAPE.test(value);
