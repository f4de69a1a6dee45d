import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { failureOf } from "../lib/error-wording";
import { useOneAtATime } from "../lib/use-one-at-a-time";
import { toaster } from "./ui/toaster";

/** A form's problems: a message (or rule) for each field at fault. */
type Problems<Field extends string, Problem> = Partial<Record<Field, Problem>>;

/**
 * The form's check, loaded on its first use (the shared schema brings arktype): the very check the server makes,
 * and a server 400 naming a field read as that field's problem.
 */
type FormCheck<Update, Field extends string, Problem> = {
  problemsOf(update: Update): Problems<Field, Problem>;
  serverProblemOf(field: string | undefined, update: Update): Problems<Field, Problem> | undefined;
};

/**
 * The Save of a settings form edited in place (with SaveBar): the update is checked before it is sent, one save at
 * a time from the press on (the check is awaited first, and a second press meanwhile, or before the render that
 * says "Saving…", must not send it again). A problem, the check's or the server's, shows at its field and the
 * first field at fault takes the focus (its message is read with it); a failed save leaves the draft as typed.
 * The check reads the form whole (`update`); what is sent (`body`) is the user's own changes, made when Save is
 * pressed, so a save never puts back what another tab saved meanwhile. `onSaved` gets the stored answer and the
 * draft it was sent from.
 */
export function useCheckedSave<Draft, Update, Body, Stored, Field extends string, Problem>(options: {
  loadCheck: () => Promise<FormCheck<Update, Field, Problem>>;
  send: (body: Body) => Promise<Stored>;
  onSaved: (stored: Stored, sent: Draft) => void;
  /** Problems of the form itself that the update does not show (fields that are not sent). */
  draftProblemsOf?: (sent: Draft) => Problems<Field, Problem>;
}) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Problems<Field, Problem>>({});
  const [checks, setChecks] = useState(0);
  const refuse = (found: Problems<Field, Problem>) => {
    setProblems(found);
    setChecks((n) => n + 1);
  };

  // `[data-problem]`: a group at fault that is no one input (the departments).
  useEffect(() => {
    if (checks > 0)
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true], [data-problem]")?.focus();
  }, [checks]);

  const save = useMutation({
    mutationFn: ({ body }: { update: Update; body: Body; sent: Draft }) => options.send(body),
    onSuccess: (stored, { sent }) => {
      options.onSaved(stored, sent);
      toaster.success({ title: t`Settings updated successfully` });
    },
    onError: async (error, { update }) => {
      toaster.error({ title: t`Failed to update settings` });
      const refused = (await options.loadCheck()).serverProblemOf(failureOf(error)?.field, update);
      if (refused) refuse(refused);
    },
  });

  const oneAtATime = useOneAtATime();
  const submit = (event: FormEvent, update: Update, body: Body, sent: Draft) => {
    event.preventDefault();
    oneAtATime(async () => {
      const found = { ...options.draftProblemsOf?.(sent), ...(await options.loadCheck()).problemsOf(update) };
      if (Object.keys(found).length > 0) return refuse(found);
      setProblems(found);
      await save.mutateAsync({ update, body, sent });
    });
  };

  /** Discard: the problems and the failure go with the draft. */
  const reset = () => {
    setProblems({});
    save.reset();
  };

  return { formRef, problems, setProblems, save, submit, reset };
}
