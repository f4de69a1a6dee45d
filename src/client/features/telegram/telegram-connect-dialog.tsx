import { Trans, useLingui } from "@lingui/react/macro";
import { connectStepOf, type TelegramConnectMachine } from "@machines/telegram-connect.machine";
import { useSelector } from "@xstate/react";
import { ExternalLink } from "lucide-react";
import { type FormEvent, useEffect, useRef } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import type { ActorRefFrom } from "xstate";
import { CopyField } from "../../components/copy-field";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Alert } from "../../components/ui/alert";
import { AppDialog, DialogForm } from "../../components/ui/app-dialog";
import { Button } from "../../components/ui/button";
import * as Dialog from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import * as Steps from "../../components/ui/steps";
import { failureMessage } from "../../lib/error-wording";
import { isRefusedChatId } from "./refused-chat-id";

type TelegramConnectDialogProps = {
  actor: ActorRefFrom<TelegramConnectMachine>;
  /** Where focus goes on closing: the card's main action (Connect has become Disconnect after a success). */
  finalFocus: () => HTMLElement | null;
};

// Three labels side by side need the wide dialog (a long one may wrap: French would not fit on one line); on
// narrower screens the numbers carry the steps.
const stepLabel = css({ srOnly: { base: true, md: false } });
const panelHeading = css({ fontSize: "md", fontWeight: "semibold" });
const muted = css({ fontSize: "sm", color: "fg.muted" });

/** Spec 2's three steps: open the bot, send the start command, enter the chat ID (issue 10 §2). */
export function TelegramConnectDialog({ actor, finalFocus }: TelegramConnectDialogProps) {
  const { t, i18n } = useLingui();
  const step = useSelector(actor, connectStepOf);
  const open = step !== null;
  const linking = useSelector(actor, (s) => s.matches({ closable: "linking" }));
  const linkFailed = useSelector(actor, (s) => s.matches({ closable: "linkFailed" }));
  const connecting = useSelector(actor, (s) => s.matches("connecting"));
  const awaitingBot = useSelector(
    actor,
    (s) =>
      s.matches({ closable: { enterChatId: "polling" } }) ||
      s.matches({ closable: { enterChatId: "waiting" } }),
  );
  const { link, chatId, filledIn, invalid, failure } = useSelector(actor, (s) => s.context);
  const canSubmit = useSelector(actor, (s) => s.can({ type: "form.submit" }));
  const canNext = useSelector(actor, (s) => s.can({ type: "step.next" }));

  // A new step puts focus where its work is: the chat ID on step 3; otherwise, if the button pressed went
  // away (Back on step 1), the step's panel.
  const contentRef = useRef<HTMLDivElement>(null);
  const chatIdRef = useRef<HTMLInputElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    const previous = shownStep.current;
    shownStep.current = step;
    if (step === null || previous === null || previous === step) return;
    if (step === 2 && previous === 1) chatIdRef.current?.focus();
    else if (!contentRef.current?.contains(document.activeElement))
      contentRef.current?.querySelector<HTMLElement>("[data-part='content']:not([hidden])")?.focus();
  }, [step]);

  const close = () => {
    // Not while the chat ID is on its way: its answer decides.
    if (actor.getSnapshot().can({ type: "dialog.close" })) actor.send({ type: "dialog.close" });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "form.submit" });
  };

  const botName = link ? `@${link.botUsername}` : "";
  const reason = failure ? failureMessage(failure) : undefined;
  const titles = [t`Open the bot`, t`Send the start command`, t`Enter the chat ID`];

  return (
    <AppDialog
      title={<Trans>Connect Telegram</Trans>}
      width="2xl"
      contentRef={contentRef}
      open={open}
      onClose={close}
      finalFocus={finalFocus}
      description={
        <Trans>
          Three steps: open our bot, send it the start command, then enter the chat ID it answers with.
        </Trans>
      }
    >
      <DialogForm label={t`Connect Telegram`} busy={connecting} onSubmit={submit} spacing="loose">
        <Steps.Root count={3} step={step ?? 0} linear>
          <Steps.List>
            {titles.map((title, index) => (
              <Steps.Item key={title} index={index}>
                <Steps.Trigger>
                  <Steps.Indicator>{index + 1}</Steps.Indicator>
                  <span className={stepLabel}>{title}</span>
                </Steps.Trigger>
                {index < titles.length - 1 ? <Steps.Separator /> : null}
              </Steps.Item>
            ))}
          </Steps.List>

          <Steps.Content index={0}>
            <h3 className={panelHeading}>
              <Trans>Step 1 of 3: {titles[0]}</Trans>
            </h3>
            {linking ? (
              <p role="status" className={muted}>
                <Trans>Preparing your link to the bot…</Trans>
              </p>
            ) : linkFailed ? (
              <LoadErrorAlert
                title={<Trans>The link to the bot could not be made.</Trans>}
                onRetry={() => actor.send({ type: "link.retry" })}
              >
                {reason ? i18n._(reason) : <Trans>Please try again.</Trans>}
              </LoadErrorAlert>
            ) : link ? (
              <>
                <p>
                  <Trans>
                    Open {botName} in Telegram. The link carries a one-time code that tells the bot which
                    business you are.
                  </Trans>
                </p>
                <a
                  href={link.deepLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cx(button({ variant: "outline" }), css({ alignSelf: "flex-start" }))}
                >
                  <ExternalLink aria-hidden="true" />
                  <Trans>Open {botName}</Trans>
                </a>
              </>
            ) : null}
          </Steps.Content>

          <Steps.Content index={1}>
            <h3 className={panelHeading}>
              <Trans>Step 2 of 3: {titles[1]}</Trans>
            </h3>
            <p>
              <Trans>
                In the chat with {botName}, press Start. If Telegram shows no Start button, send this message
                instead:
              </Trans>
            </p>
            {link ? (
              <CopyField
                label={<Trans>Start command</Trans>}
                value={`/start ${link.code}`}
                copyLabel={t`Copy start command`}
                inputClassName={css({ minW: "10rem" })}
              />
            ) : null}
            <p className={muted}>
              <Trans>The bot answers with your chat ID.</Trans>
            </p>
          </Steps.Content>

          <Steps.Content index={2}>
            <h3 className={panelHeading}>
              <Trans>Step 3 of 3: {titles[2]}</Trans>
            </h3>
            {failure ? (
              <Alert
                title={
                  isRefusedChatId(failure) ? (
                    <Trans>Failed to connect Telegram. Please check your chat ID.</Trans>
                  ) : (
                    <Trans>Failed to connect Telegram</Trans>
                  )
                }
              >
                {!isRefusedChatId(failure) && reason ? <p>{i18n._(reason)}</p> : null}
              </Alert>
            ) : null}
            <Field
              ref={chatIdRef}
              label={<Trans>Chat ID</Trans>}
              value={chatId}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => actor.send({ type: "chatId.change", chatId: event.target.value })}
              errorText={invalid ? <Trans>Please enter a valid chat ID</Trans> : undefined}
              helperText={
                filledIn ? (
                  <Trans>Filled in from your chat with the bot.</Trans>
                ) : awaitingBot && chatId === "" ? (
                  <Trans>
                    Waiting for your message to the bot… You can also type the chat ID it sent you.
                  </Trans>
                ) : undefined
              }
            />
          </Steps.Content>
        </Steps.Root>

        <Dialog.Footer>
          <Button variant="outline" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          {step !== null && step > 0 ? (
            <Button variant="outline" onClick={() => actor.send({ type: "step.back" })}>
              <Trans>Back</Trans>
            </Button>
          ) : null}
          {/* Keyed apart: the same element turned into the submit button while Next's click was still being
              dispatched, and the browser then submitted the form with it (Back and Next re-sent the chat ID). */}
          {step === 2 ? (
            <Button
              key="connect"
              type="submit"
              disabled={!canSubmit && !connecting}
              aria-disabled={connecting || undefined}
            >
              {connecting ? <Trans>Connecting…</Trans> : <Trans>Connect</Trans>}
            </Button>
          ) : (
            <Button key="next" disabled={!canNext} onClick={() => actor.send({ type: "step.next" })}>
              <Trans>Next</Trans>
            </Button>
          )}
        </Dialog.Footer>
      </DialogForm>
    </AppDialog>
  );
}
