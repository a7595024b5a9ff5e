import { errorMessage, type Envelope, type Language } from '@coffer/contract';

export function successEnvelope<T>(language: Language, data: T): Envelope<T> {
  return { code: 0, msg: errorMessage('ok', language), data };
}
