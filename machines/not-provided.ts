import { type EventObject, fromCallback, fromPromise } from "xstate";

/**
 * Placeholder for a promise actor the app must supply through `.provide()`: it fixes the actor's
 * input and output types for `setup()` and fails loudly if a machine is ever run without the real one.
 */
export const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`actor "${name}" must be provided`)));

/** The same for a callback actor (one that lives while its state does): it fixes the events it receives. */
export const notProvidedCallback = <TEvent extends EventObject>(name: string) =>
  fromCallback<TEvent>(() => {
    throw new Error(`actor "${name}" must be provided`);
  });
