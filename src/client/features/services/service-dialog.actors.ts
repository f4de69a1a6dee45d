import type { FailureFacts } from "@machines/failure";
import { type ServiceSaveInput, serviceDialogMachine } from "@machines/service-dialog.machine";
import type { Service } from "@shared/service.schema";
import { fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";
import { changesOf } from "./service-draft";
import { changeService, createService } from "./services.queries";

type Mode = "create" | "edit";

type ServiceDialogEffects = {
  api: ApiClient;
  /** The interface language, which the dialog's numbers are read in. */
  locale: () => string;
  onSaved: (mode: Mode) => void;
  onFailed: (mode: Mode, failure: FailureFacts) => void;
};

/**
 * The service dialog with its side effects: spec 7's POST, and an edit as PATCH with the fields changed in
 * the dialog (a whole PUT put back what another tab saved since the list was read).
 */
export function provideServiceDialog({ api, locale, onSaved, onFailed }: ServiceDialogEffects) {
  return serviceDialogMachine.provide({
    actors: {
      save: fromPromise<Service, ServiceSaveInput>(({ input: { id, input, opened } }) =>
        id === null ? createService(api, input) : changeService(api, id, changesOf(input, opened, locale())),
      ),
    },
    actions: {
      announceSaved: (_, { mode }) => onSaved(mode),
      announceFailed: (_, { mode, failure }) => onFailed(mode, failure),
    },
  });
}
