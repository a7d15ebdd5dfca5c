import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/marketing/prose";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/privacy";

const TITLE = "Privacy Policy · Giveawear";
const DESCRIPTION =
  "What Giveawear collects when you enter or run a giveaway, why, who sees it, the few cookies we use (no tracking cookies), and your choices.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION);

const SECTIONS = [
  { id: "summary", title: "The short version" },
  { id: "entrants", title: "When you enter a giveaway" },
  { id: "winners", title: "If you win" },
  { id: "creators", title: "When you run a giveaway" },
  { id: "use", title: "How we use data" },
  { id: "sharing", title: "Who sees it" },
  { id: "email", title: "Email" },
  { id: "cookies", title: "Cookies" },
  { id: "retention", title: "How long we keep it" },
  { id: "rights", title: "Your choices and rights" },
  { id: "contact", title: "Changes and contact" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];
const title = (id: SectionId) => SECTIONS.find((section) => section.id === id)?.title ?? id;

/** The cookies the app sets, by name (app/server/*: session, toast, theme, drafts, entries, sign-in). */
const COOKIES = [
  { name: "gw_session", purpose: "Keeps you signed in (30 days)." },
  { name: "_totp, gw_oauth", purpose: "Carry a sign-in in progress, by emailed code or with Google." },
  { name: "theme", purpose: "Remembers whether you chose the light or dark theme." },
  { name: "gw_draft", purpose: "Keeps an unfinished campaign on this device until you sign in (30 days)." },
  { name: "entered_…", purpose: "Remembers that this browser entered a giveaway, to show your referral link again." },
  { name: "gw_toast", purpose: "Shows a one-time notice (such as 'Message Sent') on the next page." },
] as const;

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="We collect as little as a giveaway needs, we never sell it, and we use no tracking cookies."
      updated="November 22, 2026"
      sections={SECTIONS}
    >
      <LegalSection id="summary" title={title("summary")}>
        <ul>
          <li>To enter a giveaway you give an email address, and optionally a phone number. No account is needed.</li>
          <li>The brand running a giveaway may send you marketing only if you tick the consent box, which is never pre-ticked.</li>
          <li>We keep your IP address with your entry to limit abuse, not to profile you.</li>
          <li>We use only the cookies the site needs to work: no advertising, analytics or tracking cookies.</li>
          <li>We never sell personal data.</li>
        </ul>
      </LegalSection>

      <LegalSection id="entrants" title={title("entrants")}>
        <p>When you enter a giveaway we store:</p>
        <ul>
          <li>your email address, to count one entry per person and to tell you if you win;</li>
          <li>your phone number, only if you choose to give one for SMS updates;</li>
          <li>whether you ticked the marketing-consent box, and when you entered;</li>
          <li>
            who referred you, if you entered through a referral link while referrals were offered, so the referrer gets their bonus entries;
          </li>
          <li>
            your IP address, to rate-limit entries and stop automated or duplicate entries. It is not used for advertising or profiling.
          </li>
        </ul>
        <p>
          We also count visits to a giveaway page on our own server (excluding known bots) so its creator can see how many visitors entered.
          These counts are not linked to you.
        </p>
      </LegalSection>

      <LegalSection id="winners" title={title("winners")}>
        <p>
          If you win, we email you a claim link. When you claim, we collect the size, style and colour you choose and your shipping address,
          and pass them to our print-on-demand partner to make and deliver your prize. Unless the creator hides it, the giveaway page shows
          the winner as a partly hidden email address (for example <code>abc***@example.com</code>) or a display name you choose.
        </p>
      </LegalSection>

      <LegalSection id="creators" title={title("creators")}>
        <p>
          When you run a giveaway we store your email address, the name and brand details you give us, your campaigns, the images you upload
          (re-encoded and stripped of hidden metadata such as location) and the designs you create. Payments are handled by our card payment
          provider: we keep a reference to the payment, never your card number.
        </p>
      </LegalSection>

      <LegalSection id="use" title={title("use")}>
        <p>
          We use personal data only to run the service: to sign you in, run giveaways and their draws, send the emails described below,
          deliver prizes, prevent fraud and abuse, and answer your messages. We do not use it for advertising and we do not sell it.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title={title("sharing")}>
        <ul>
          <li>
            <strong>The brand running a giveaway</strong> sees the entries to its own giveaway (email, optional phone, referral counts and
            your marketing choice) and may contact you about that giveaway. It may send you marketing only if you gave consent.
          </li>
          <li>
            <strong>Our print-on-demand partner</strong> receives a winner's name, shipping address and product choices to make and ship the
            prize.
          </li>
          <li>
            <strong>Our card payment provider</strong> processes creators' payments.
          </li>
          <li>
            <strong>Our email provider</strong> delivers the messages we send.
          </li>
          <li>Authorities, only when the law requires it.</li>
        </ul>
      </LegalSection>

      <LegalSection id="email" title={title("email")}>
        <p>
          We send sign-in codes, entry confirmations, reminders, winner notifications and replies to your messages. Every message is first
          written to our outbox (recipient, subject and content), which is how we track delivery and resend if needed, and is then delivered
          by email.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title={title("cookies")}>
        <p>We use only cookies the site needs to work. None of them tracks you across sites or is shared with anyone.</p>
        <ul>
          {COOKIES.map((cookie) => (
            <li key={cookie.name}>
              <code>{cookie.name}</code>: {cookie.purpose}
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="retention" title={title("retention")}>
        <p>
          We keep entries for as long as the giveaway's creator keeps the campaign, so results stay verifiable. Shipping details are kept as
          long as needed to deliver the prize and handle any problem with it. Sign-in codes expire after 10 minutes, and sessions after 30
          days.
        </p>
      </LegalSection>

      <LegalSection id="rights" title={title("rights")}>
        <p>
          You can ask us for a copy of the data we hold about you, ask us to correct it, or ask us to delete it (deleting an entry removes
          it from any draw that has not happened yet). The brand running a giveaway can also answer questions about the entries to it.
          Giveawear is not meant for anyone under 18.
        </p>
      </LegalSection>

      <LegalSection id="contact" title={title("contact")}>
        <p>
          If we change this policy, the date at the top will show it. For any privacy question or request,{" "}
          <Link to="/contact">contact us</Link>. See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
