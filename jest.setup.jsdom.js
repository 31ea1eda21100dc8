// jsdom lacks the encoders react-router uses; Node's are the same Web APIs.
import { TextDecoder, TextEncoder } from 'node:util';

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
