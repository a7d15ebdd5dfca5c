import { Form, useNavigation } from "react-router";
import { type AddOnOffer } from "~/domain/add-ons";
import { formatPrice } from "~/domain/plans";
import { addOnsPath } from "~/paths";

export interface CampaignChoice {
  id: string;
  title: string;
}

export function OfferHeader({ offer }: { offer: AddOnOffer }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{offer.name}</h2>
        <p className="text-2xl font-bold" data-testid="addon-price">
          {formatPrice(offer.priceCents)}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{offer.summary}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {offer.details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/** One form per add-on: the campaign to buy it for, and the button that opens the checkout. */
export function BuyForm(props: {
  kind: string;
  label: string;
  choices: CampaignChoice[];
  selectedId: string | null;
  empty: string;
  button: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("addOn") === props.kind;
  const id = `campaign-${props.kind}`;
  if (props.choices.length === 0) {
    return <p className="mt-5 rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">{props.empty}</p>;
  }
  const selected = props.choices.some((choice) => choice.id === props.selectedId) ? (props.selectedId ?? undefined) : undefined;
  return (
    <Form method="post" action={addOnsPath()} className="mt-5 flex flex-col gap-3">
      <input type="hidden" name="addOn" value={props.kind} />
      <div>
        <label htmlFor={id} className="label">
          {props.label}
        </label>
        <select id={id} name="campaignId" className="input h-11 px-2.5" defaultValue={selected} required>
          {props.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Opening checkout..." : props.button}
      </button>
    </Form>
  );
}
