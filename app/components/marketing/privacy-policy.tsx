import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/marketing/prose";
import { PrivacyDataRequest } from "~/components/privacy/data-request";
import { href } from "~/paths";

const SECTIONS = [
  { id: "summary", title: "The short version" },
  { id: "entrants", title: "When you enter a giveaway" },
  { id: "winners", title: "If you win" },
  { id: "creators", title: "When you run a giveaway" },
  { id: "use", title: "Why we use it" },
  { id: "sharing", title: "Who receives it" },
  { id: "public", title: "What is public" },
  { id: "email", title: "Email" },
  { id: "cookies", title: "Cookies" },
  { id: "retention", title: "How long we keep it" },
  { id: "rights", title: "Your choices and rights" },
  { id: "your-data", title: "Your data" },
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
  { name: "entered_…", purpose: "Remembers that this browser entered a giveaway, to show your referral link again (1 year)." },
  {
    name: "gw_bid",
    purpose: "A random browser id, set when you enter, so one browser sending many entries can be spotted (2 years).",
  },
  {
    name: "gw_after_post",
    purpose: "Lasts one minute after you send the entry form, so the page you land on is not counted as a new visit.",
  },
  { name: "gw_toast", purpose: "Shows a one-time notice (such as 'Message Sent') on the next page." },
] as const;

/** The privacy policy (decision 057), with the retention the jobs use. */
export function PrivacyPolicy({ retentionDays }: { retentionDays: number }) {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="We collect as little as a giveaway needs, we never sell it, and we use no tracking cookies."
      updated="November 30, 2026"
      sections={SECTIONS}
    >
      <LegalSection id="summary" title={title("summary")}>
        <ul>
          <li>To enter a giveaway you give an email address. No account is needed.</li>
          <li>
            The brand running a giveaway may send you marketing only if you tick its consent box, which is never pre-ticked. Without that
            consent the brand does not receive your email address.
          </li>
          <li>We keep your IP address, its network and a browser id with your entry to stop fraud, not to profile you.</li>
          <li>We use only the cookies the site needs to work: no advertising, analytics or tracking cookies.</li>
          <li>
            If you did not consent to marketing, your personal data is deleted {retentionDays} days after the giveaway&apos;s prizes are
            fulfilled.
          </li>
          <li>You can see, export and erase your data, and withdraw your consent, at any time.</li>
          <li>We never sell personal data.</li>
        </ul>
      </LegalSection>

      <LegalSection id="entrants" title={title("entrants")}>
        <p>When you enter a giveaway we store, with your entry:</p>
        <ul>
          <li>your email address;</li>
          <li>
            a phone number, only if you give one: we use it only to text you if you win (the winner notice and one reminder before your
            claim deadline), and giving one never changes your chances. Reply STOP to any text and we send no more;
          </li>
          <li>
            your consents: that you agreed to the giveaway&apos;s official rules and, if you ticked it, to the brand&apos;s marketing, each
            with the time and the exact wording (and its version) shown next to the box; and when you withdraw marketing consent;
          </li>
          <li>when you entered and when you confirmed your entry from our email;</li>
          <li>
            the referral link you came through, if any, so the person who shared it gets their bonus entries, and the bonus entries your own
            link earns;
          </li>
          <li>your IP address and its network (the first three parts of an IPv4 address, or the first half of an IPv6 address);</li>
          <li>a random browser id, kept in a cookie on your device.</li>
        </ul>
        <p>
          We also count visits to a giveaway page on our own server (excluding known bots) so its creator can see how many visitors entered.
          These counts are not linked to you.
        </p>
      </LegalSection>

      <LegalSection id="winners" title={title("winners")}>
        <p>
          If you win, we email you a claim link. When you claim, we store what the prize needs: for a printed prize the size, style and
          colour you choose, and your shipping address (name, street, city, state or province, postal code, country) and, if you give one, a
          phone number for the delivery company; for the brand&apos;s own gift, a postal address if it is posted and any note you add for
          the brand.
        </p>
        <p>
          From the same claim page you can choose a display name for the giveaway&apos;s public winners list, or object to being listed. The
          list is described under <a href="#public">What is public</a>.
        </p>
      </LegalSection>

      <LegalSection id="creators" title={title("creators")}>
        <p>
          When you run a giveaway we store your account&apos;s email address, your name (and, if you sign in with Google, the name and
          profile picture Google shares), the brand details you give us (including the sponsor&apos;s legal name and postal address for the
          official rules), your campaigns, the images you upload (re-encoded and stripped of hidden metadata such as location) and the
          designs you create. Payments go through Stripe, our card payment provider: we keep a reference to the payment, never your card
          number.
        </p>
      </LegalSection>

      <LegalSection id="use" title={title("use")}>
        <ul>
          <li>
            <strong>To run the giveaway:</strong> your email address counts one entry per person, confirms your entry and tells you the
            result; your referral link earns bonus entries.
          </li>
          <li>
            <strong>To prevent fraud:</strong> your IP address limits how many entries one address can send, and the network and browser id
            show the brand entries that look automated or duplicated, before the entry list is frozen.
          </li>
          <li>
            <strong>For the draw:</strong> the frozen entry list holds only each entry&apos;s random id and weight, so anyone can check the
            draw without seeing who entered.
          </li>
          <li>
            <strong>To deliver prizes:</strong> a winner&apos;s claim goes to whoever makes or sends the prize.
          </li>
          <li>
            <strong>For marketing, only with your consent:</strong> the brand may send you news and offers only if you ticked its marketing
            box. We do not use your data for our own marketing or for advertising, and we do not sell it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title={title("sharing")}>
        <ul>
          <li>
            <strong>The brand running the giveaway</strong> sees counts and charts of its entries (such as the most common email domains).
            Its entries export carries each entry&apos;s id, dates, bonus entries and consent, and your email address (and your phone
            number, if you gave one) only if you consented to its marketing. Before the draw, it sees the email addresses of entries its
            fraud review flags, and of those it disqualifies, to decide whether they count. For its own gift prizes it receives what the
            winner gives to claim them (email address, postal address if needed, note).
          </li>
          <li>
            <strong>Printify, our print partner,</strong> receives a winner&apos;s name, shipping address, phone number (if given) and
            product choices, to make and ship a printed prize.
          </li>
          <li>
            <strong>The email tools the brand connects, such as Klaviyo and Mailchimp,</strong> receive your email address and the time of
            your consent only if you consented to the brand&apos;s marketing. If you withdraw consent or erase your data, we unsubscribe you
            there too.
          </li>
          <li>
            <strong>The brand&apos;s own systems,</strong> through webhooks the brand sets up, receive notices of its giveaway&apos;s
            events, such as a confirmed entry, a drawn winner or a shipped prize.
          </li>
          <li>
            <strong>Our email delivery provider</strong> delivers the messages we send you, and <strong>Twilio</strong> delivers our texts
            to a winner who gave a phone number.
          </li>
          <li>
            <strong>Stripe</strong> processes creators&apos; payments.
          </li>
          <li>Authorities, only when the law requires it.</li>
        </ul>
      </LegalSection>

      <LegalSection id="public" title={title("public")}>
        <ul>
          <li>
            Each giveaway&apos;s draw page publishes the frozen entry list: random entry ids and their weights, never an email address.
          </li>
          <li>
            After the draw, the giveaway page, its draw page and its winners list show each winner by a display name the winner chooses or a
            partly hidden email address (for example <code>abc***@example.com</code>); the winners list also shows the winner&apos;s state
            or province (or country) from the claim, where the giveaway&apos;s official rules say so. A winner who objects is shown as
            &ldquo;Winner chose not to be listed&rdquo;, and the creator can hide the winners altogether.
          </li>
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
        <ul>
          <li>
            <strong>Entrants who did not consent to marketing:</strong> the personal data of your entry (email address, phone number, IP
            address and network, browser id) is deleted {retentionDays} days after the giveaway&apos;s prizes are fulfilled. The
            entry&apos;s random id and weight stay in the frozen entry list, so the published draw can still be checked.
          </li>
          <li>
            <strong>Entrants who consented:</strong> your entry is kept with the brand&apos;s giveaway until you withdraw your consent (then
            the rule above applies) or erase your data.
          </li>
          <li>
            <strong>Winners:</strong> shipping details are kept as long as needed to deliver the prize and handle any problem with it.
          </li>
          <li>
            <strong>Creators:</strong> your account and campaigns are kept until you ask us, through our contact form, to delete them.
          </li>
          <li>Sign-in codes expire after 10 minutes, and sessions after 30 days.</li>
        </ul>
      </LegalSection>

      <LegalSection id="rights" title={title("rights")}>
        <p>
          Marketing consent is always a separate box that starts unticked. At any time you can see the data we hold about you (your entries
          and consents, on a page and as a JSON file), withdraw your marketing consent and erase your data: from the link in any email we
          send you, or from the form below, which emails you that link. Erasing removes your personal data everywhere; the frozen entry list
          keeps only your entry&apos;s random id, so published draws stay verifiable. If you have won a prize you have not received yet, the
          page tells you what erasing means for it. To correct your data, <Link to={href("/contact")}>contact us</Link>. The brand running a
          giveaway can also answer questions about the entries to it. Giveawear is not meant for anyone under 18.
        </p>
      </LegalSection>

      <LegalSection id="your-data" title={title("your-data")}>
        <div className="not-prose">
          <PrivacyDataRequest headingLevel={3} />
        </div>
      </LegalSection>

      <LegalSection id="contact" title={title("contact")}>
        <p>
          If we change this policy, the date at the top will show it. For any privacy question or request,{" "}
          <Link to={href("/contact")}>contact us</Link>. See also our <Link to={href("/terms")}>Terms of Service</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
