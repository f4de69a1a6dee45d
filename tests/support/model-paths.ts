import {
  type AnyActorRef,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  type InspectionEvent,
  initialTransition,
  SimulatedClock,
  type Snapshot,
  transition,
  waitFor,
} from "xstate";
import { getShortestPaths, getStateNodes, type StatePath, serializeSnapshot } from "xstate/graph";

type AnyPath = StatePath<Snapshot<unknown>, EventObject>;

/**
 * Every edge of the machine's reachable graph as a path: the shortest path to each state,
 * extended by each event that leaves it. Replaying all of them walks every transition at least once.
 */
export function transitionTour(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  {
    input,
    serializeState = (snapshot) => serializeSnapshot(snapshot as never),
  }: {
    input?: unknown;
    /** What makes two snapshots the same vertex; e.g. only `value`, when context holds unbounded data. */
    serializeState?: (snapshot: Snapshot<unknown>) => string;
  } = {},
): AnyPath[] {
  // Only events some transition accepts: the traversal would otherwise record ignored events as self-loops.
  const options = {
    input,
    serializeState: serializeState as never,
    events: events as never,
    filterEvents: (snapshot: Snapshot<unknown>, event: EventObject) =>
      (snapshot as unknown as { can: (event: EventObject) => boolean }).can(event),
  };
  const tour: AnyPath[] = [];
  for (const found of getShortestPaths(machine, options) as AnyPath[]) {
    // With a coarse serializeState, the traversal may record on a path the snapshot of another
    // path to the same vertex: recompute each step's snapshot from the events actually sent.
    const [initial] = initialTransition(machine, input);
    let current = initial as Snapshot<unknown>;
    const steps = found.steps.map((step, index) => {
      if (index > 0) current = transition(machine, current as never, step.event)[0] as Snapshot<unknown>;
      return { event: step.event, state: current };
    });
    for (const event of events) {
      if (!options.filterEvents(current, event)) continue;
      const [state] = transition(machine, current as never, event);
      tour.push({
        state: state as Snapshot<unknown>,
        steps: [...steps, { event, state: state as Snapshot<unknown> }],
        weight: found.weight + 1,
      });
    }
  }
  return tour;
}

/** Promise-actor stand-ins that settle only when a replayed `xstate.done/error.actor.<id>` says so. */
export function controllablePromiseActors(names: readonly string[]) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        ({ self }) =>
          new Promise((resolve, reject) => {
            pending.set(self.id, { resolve, reject });
          }),
      ),
    ]),
  );
  return { actors, pending };
}

const describeStep = (event: EventObject) => event.type;

/** Human-readable name of a path, for test titles. */
export const pathTitle = (path: AnyPath) =>
  `${path.steps.map((step) => describeStep(step.event)).join(" → ")} ⇒ ${JSON.stringify(path.state && (path.state as { value?: unknown }).value)}`;

type ReplayOptions = {
  /** The machine with its actors replaced through `.provide()` (see controllablePromiseActors). */
  machine: AnyStateMachine;
  pending: ReturnType<typeof controllablePromiseActors>["pending"];
  input?: unknown;
  onTransitions?: (transitions: AnyTransitionDefinition[]) => void;
  onStateNodes?: (nodes: AnyStateNode[]) => void;
};

/**
 * Replays a path on a live actor: ordinary events are sent, done/error events settle the invoked
 * fake, after-events advance a simulated clock by their delay; after each step the actor must be in the step's state.
 */
export async function replayPath(path: AnyPath, options: ReplayOptions): Promise<AnyActorRef> {
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (event.type === "@xstate.microstep") options.onTransitions?.(event._transitions);
    if (event.type === "@xstate.snapshot" && event.actorRef === actor) {
      options.onStateNodes?.((event.snapshot as unknown as { _nodes: AnyStateNode[] })._nodes ?? []);
    }
  };
  const actor = createActor(options.machine, { clock, inspect, input: options.input });
  actor.start();
  for (const step of path.steps) {
    const { event } = step;
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
    if (done || failed) {
      const id = (done ?? failed)![1]!;
      const fake = options.pending.get(id);
      if (!fake) throw new Error(`step ${event.type}: no invoked actor "${id}" is running`);
      options.pending.delete(id);
      if (done) fake.resolve((event as { output?: unknown }).output);
      else fake.reject((event as { error?: unknown }).error);
    } else if (after) {
      // A named delay (`after: { closedGrace: … }`) is the machine's own; a number is its milliseconds.
      const named: unknown = options.machine.implementations.delays[after[1]!];
      const delay = typeof named === "number" ? named : Number(after[1]);
      if (!Number.isFinite(delay)) throw new Error(`step ${event.type}: unknown delay "${after[1]}"`);
      clock.increment(delay);
    } else {
      actor.send(event);
    }
    const expected = serializeSnapshot(step.state);
    await waitFor(actor, (snapshot) => serializeSnapshot(snapshot) === expected, { timeout: 1000 });
  }
  return actor;
}

/** Every transition a machine defines, eventless (`always`, event "") included, keyed `source#event#index`. */
export function allTransitionKeys(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const [eventType, definitions] of node.transitions) {
      for (let index = 0; index < definitions.length; index++) keys.add(`${node.id}#${eventType}#${index}`);
    }
    for (let index = 0; index < (node.always?.length ?? 0); index++) keys.add(`${node.id}##${index}`);
  }
  return keys;
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  const definitions =
    (transition.eventType === ""
      ? transition.source.always
      : transition.source.transitions.get(transition.eventType)) ?? [];
  return `${transition.source.id}#${transition.eventType}#${definitions.indexOf(transition)}`;
}

/** Ids of all state nodes except the root. */
export const allStateIds = (machine: AnyStateMachine) =>
  new Set(
    getStateNodes(machine.root)
      .map((node) => node.id)
      .filter((id) => id !== machine.root.id),
  );
