// The places port: what the billing rules (domain/card/card-form.ts) need to know about a chosen country and
// state. ./places.ts answers from the packaged data set (in a worker thread); commands get it as a parameter.
import type { PlaceFacts } from '../../domain/card/card-form';

export type PlaceLookup = (country: string | undefined, state: string | undefined) => Promise<PlaceFacts>;
