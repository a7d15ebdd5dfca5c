import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/marketing/prose";
import { pageMeta } from "~/components/marketing/meta";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { getConfig } from "~/server/core/config.server";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/terms";
import { href, privacyPath } from "~/paths";

const TITLE = "Terms of Service · Giveawear";
const DESCRIPTION =
  "The terms for using Giveawear: running giveaways as a creator, entering them (18+, no purchase necessary, one entry per person), fair draws and claiming prizes.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION);

/**
 * The claim window is configurable (CLAIM_WINDOW_DAYS); the terms quote the one in force. Referral
 * bonus entries are promised only while referrals earn them (platform setting referralsEnabled).
 */
export async function loader() {
  return { claimWindowDays: getConfig().CLAIM_WINDOW_DAYS, referralsEnabled: await platformSetting("referralsEnabled") };
}

const SECTIONS = [
  { id: "about-these-terms", title: "About these terms" },
  { id: "accounts", title: "Accounts and sign-in" },
  { id: "entering", title: "Entering a giveaway" },
  { id: "official-rules", title: "Official rules" },
  { id: "draw", title: "How winners are drawn" },
  { id: "prizes", title: "Winners and prizes" },
  { id: "creators", title: "Running a giveaway" },
  { id: "payments", title: "Plans and payments" },
  { id: "content", title: "Your content and acceptable use" },
  { id: "email", title: "Emails we send" },
  { id: "liability", title: "Disclaimers and liability" },
  { id: "changes", title: "Changes and contact" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];
const title = (id: SectionId) => SECTIONS.find((section) => section.id === id)?.title ?? id;

export default function Terms({ loaderData }: Route.ComponentProps) {
  // Bonus entries already earned still count after referrals are switched off; no new ones are promised.
  const drawWeight = loaderData.referralsEnabled
    ? `(1, plus ${REFERRAL_BONUS_ENTRIES} for every referred friend who confirms their entry)`
    : "(1, plus any bonus entries earned through referrals while they were offered)";
  return (
    <LegalPage
      title="Terms of Service"
      intro="The rules for running and entering giveaways on Giveawear, in plain language."
      updated="November 29, 2026"
      sections={SECTIONS}
    >
      <LegalSection id="about-these-terms" title={title("about-these-terms")}>
        <p>
          Giveawear is a platform where brands and creators ("creators") design merchandise, launch giveaways with their own public page,
          and ship the prize to the winner, and where anyone can enter those giveaways ("entrants"). By using Giveawear you agree to these
          terms. If you do not agree, please do not use the service.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title={title("accounts")}>
        <p>
          Entrants do not need an account. Creators sign in with a one-time code sent to their email address, or with Google; there are no
          passwords. Keep access to your email account secure: anyone who can read your email can sign in as you. You must be at least 18
          years old to create an account or run a giveaway.
        </p>
      </LegalSection>

      <LegalSection id="entering" title={title("entering")}>
        <ul>
          <li>
            <strong>No purchase necessary.</strong> Entering is free. Buying something never improves your chance of winning.
          </li>
          <li>
            <strong>18 and over.</strong> You must be at least 18 years old, and entering must be lawful where you live.
          </li>
          <li>
            <strong>One entry per person per giveaway.</strong> You enter with your email address. Addresses are compared after normalising
            them, so variations of one address count as one entry. Entering with several addresses, automated tools or fake identities is
            not allowed, and such entries may be disqualified.
          </li>
          {loaderData.referralsEnabled ? (
            <li>
              <strong>Referral bonus.</strong> After entering you get a personal referral link. While the giveaway offers referrals (its
              official rules say whether it does), each new, distinct entrant who enters through it earns you {REFERRAL_BONUS_ENTRIES} bonus
              entries. Referring yourself, repeat entries and unknown links earn nothing.
            </li>
          ) : (
            <li>
              <strong>Sharing.</strong> After entering you get a personal link to share the giveaway with friends. Giveaways do not
              currently offer referral bonus entries, so sharing does not add entries to yours; a giveaway's official rules say whether it
              offers them.
            </li>
          )}
          <li>
            Entries are accepted only while a giveaway is running, and a giveaway may stop accepting entries once its plan's entry limit is
            reached.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="official-rules" title={title("official-rules")}>
        <p>
          Every giveaway has its own official rules, generated from the giveaway's details and published at{" "}
          <code>/campaign/&#123;campaign id&#125;/rules</code>. They are linked from the giveaway's entry form and name the sponsor (the
          brand running the giveaway), the start and end dates with their time zone, eligibility, how to enter, bonus entries, the prizes
          and their approximate value, how the winner is drawn and how prizes are claimed. If a giveaway's official rules and these terms
          differ, the official rules govern that giveaway. You can find giveaways to enter on the{" "}
          <Link to={href("/giveaways")}>Browse Giveaways</Link> page.
        </p>
      </LegalSection>

      <LegalSection id="draw" title={title("draw")}>
        <p>
          Winners are picked at random, and the draw can be checked by anyone. When a giveaway launches we generate a secret and publish its
          SHA-256 fingerprint (the "commitment") and the round of the public drand randomness beacon the draw will use, on the giveaway's
          page and in its official rules. Only entries confirmed from the email we send count. When the giveaway ends, the list of confirmed
          entries that were not disqualified is frozen and its fingerprint published before that beacon round exists. Once the round is out
          we reveal the secret, mix it with the beacon's randomness and draw the winners from the frozen list in a fixed order, each entrant
          weighted by their entries {drawWeight}, using a published, deterministic procedure. Nobody, us included, can know the beacon round
          before the list is frozen, and anyone can re-run the draw from the published files and check that it gives the same winner. The
          commitment and the list's fingerprint are published on our own pages, and if the beacon round cannot be fetched within 24 hours
          the draw uses the first round at least 10 minutes after that moment instead (never the secret alone), and its draw page says which
          round and why. Additional prizes (2nd and 3rd place) are drawn the same way, without repeats.
        </p>
      </LegalSection>

      <LegalSection id="prizes" title={title("prizes")}>
        <ul>
          <li>Winners are notified by email at the address they entered with. We never ask winners to pay anything to claim.</li>
          <li>
            The email contains a personal claim link. To claim, the winner chooses size, style and colour where the prize offers them, and
            gives a shipping address, <strong>within {loaderData.claimWindowDays} days</strong> of the notification. A prize that is not
            claimed in time may be forfeited, and the creator may draw another winner.
          </li>
          <li>
            Prizes are produced and shipped by our print-on-demand partner. Prizes cannot be exchanged for cash or transferred, except where
            the creator or the law allows it.
          </li>
          <li>
            Unless the creator hides it, the giveaway page and its winners list show the winner publicly, either as a partly hidden email
            address (for example <code>abc***@example.com</code>) or as a display name the winner chooses. A winner may object to being
            listed, at any time, from their claim page.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="creators" title={title("creators")}>
        <p>
          Creators are the sponsors of their giveaways. As a creator you are responsible for what your giveaway says and offers: the title,
          description, prize details and any coupons or bonus gifts you promise, and for making sure your giveaway is lawful where you run
          it, including any registration or tax obligations. You agree not to change a giveaway's rules in a way that disadvantages entrants
          once it has started. You may contact entrants about your giveaway; you may send them marketing only if they ticked the
          marketing-consent box on the entry form.
        </p>
      </LegalSection>

      <LegalSection id="payments" title={title("payments")}>
        <p>
          Plans are priced per campaign and paid once when you launch; there is no subscription. See{" "}
          <Link to={href("/pricing")}>Pricing</Link> for current plans. Payments are processed by our card payment provider; we never see or
          store your full card number. Coupon discounts are applied at checkout, and a campaign whose total is zero launches free. If a paid
          campaign cannot run because of a fault on our side, contact us and we will refund it.
        </p>
      </LegalSection>

      <LegalSection id="content" title={title("content")}>
        <p>
          You keep the rights to the artwork, logos and text you upload. You confirm you have the right to use them and give us permission
          to host, display and print them for your giveaways. Designs made with our AI designer are yours to use for your giveaways. Content
          that is unlawful, infringes someone else's rights, or is hateful, harassing or sexually explicit is not allowed; we may remove it
          and suspend the giveaway or account that published it.
        </p>
      </LegalSection>

      <LegalSection id="email" title={title("email")}>
        <p>
          We send the emails the service needs: sign-in codes, entry confirmations, reminders a creator has switched on, winner
          notifications and claim links. Every message we send is recorded in our outbox so we can show its delivery status. We do not send
          marketing emails on a creator's behalf.
        </p>
      </LegalSection>

      <LegalSection id="liability" title={title("liability")}>
        <p>
          We work hard to keep Giveawear running and the draws correct, but the service is provided "as is". To the extent the law allows,
          we are not liable for indirect or consequential losses, and our total liability to a creator is limited to what they paid us for
          the campaign concerned. Nothing in these terms limits rights you have under consumer law that cannot be waived.
        </p>
      </LegalSection>

      <LegalSection id="changes" title={title("changes")}>
        <p>
          We may update these terms; the date at the top shows the latest version. Changes never apply retroactively to a giveaway that is
          already running. Questions? <Link to={href("/contact")}>Contact us</Link>, and see our{" "}
          <Link to={privacyPath()}>Privacy Policy</Link> for how we handle personal data.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
