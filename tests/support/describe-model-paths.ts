import { describe, expect, it } from "vitest";
import type { AnyStateMachine, EventObject, Snapshot, SnapshotFrom } from "xstate";
import {
  allStateIds,
  allTransitionKeys,
  controllablePromiseActors,
  pathTitle,
  replayPath,
  transitionKey,
  transitionTour,
} from "./model-paths";

type ModelPathsOptions<TMachine extends AnyStateMachine> = {
  /** The machine as defined; paths are planned on it, replays run on `provide(...)` of it. */
  machine: TMachine;
  /** Every event the tour may send, `xstate.done/error.actor.<id>` and `xstate.after…` included. */
  events: readonly EventObject[];
  /** Inputs to start from, by a label for the test titles; one tour per input. Default: no input. */
  inputs?: Record<string, unknown>;
  /** What makes two snapshots the same vertex (see transitionTour). */
  serializeState?: (snapshot: Snapshot<unknown>) => string;
  /** Ids of invoked promise actors; each replay gets fakes that settle on the replayed done/error steps. */
  promiseActors?: readonly string[];
  /** The machine each replay runs: the defined one with fakes and recording actions provided. */
  provide?: (actors: ReturnType<typeof controllablePromiseActors>["actors"]) => AnyStateMachine;
  /** Fewest paths each input's tour must have (a tour that shrinks means events stopped being accepted). */
  minPaths: number;
  /** Invariants every state reached at the end of a path must hold. */
  assertState?: (snapshot: SnapshotFrom<TMachine>) => void;
  /** More tests for the same block, run after every replay (e.g. on effects the replays recorded). */
  afterReplays?: () => void;
};

/**
 * The path-replay suite of a machine: plans a transition tour per input, replays each path on a live
 * actor (asserting the state after every step, then `assertState`), and checks that the replays
 * together entered every state node and took every transition the machine defines.
 */
export function describeModelPaths<TMachine extends AnyStateMachine>(
  name: string,
  options: ModelPathsOptions<TMachine>,
) {
  describe(name, () => {
    const takenTransitions = new Set<string>();
    const visitedStates = new Set<string>();
    const inputs = Object.entries(options.inputs ?? { "": undefined });

    for (const [label, input] of inputs) {
      const tour = transitionTour(options.machine, options.events, {
        input,
        ...(options.serializeState && { serializeState: options.serializeState }),
      });
      const from = label ? ` from ${label}` : "";

      it(`has at least ${options.minPaths} paths${from}`, () => {
        expect(tour.length).toBeGreaterThanOrEqual(options.minPaths);
      });

      for (const path of tour) {
        it(`replays${from}: ${pathTitle(path)}`, async () => {
          const fakes = controllablePromiseActors(options.promiseActors ?? []);
          const actor = await replayPath(path, {
            machine: options.provide ? options.provide(fakes.actors) : options.machine,
            pending: fakes.pending,
            input,
            onTransitions: (transitions) => {
              for (const transition of transitions) takenTransitions.add(transitionKey(transition));
            },
            onStateNodes: (nodes) => {
              for (const node of nodes) visitedStates.add(node.id);
            },
          });
          options.assertState?.(actor.getSnapshot());
          actor.stop();
        });
      }
    }

    it("reached every state and every transition", () => {
      expect([...allStateIds(options.machine)].filter((id) => !visitedStates.has(id))).toEqual([]);
      expect([...allTransitionKeys(options.machine)].filter((key) => !takenTransitions.has(key))).toEqual([]);
    });

    options.afterReplays?.();
  });
}
