/**
 * The check help image (§2 "Checkout", ACH form): where the ABA routing number and the account number
 * are printed on a check. Drawn inline, so it needs no asset and scales with the page.
 */
export function CheckHelpImage() {
  return (
    <figure className="mb-3">
      <svg
        role="img"
        aria-labelledby="check-help-title check-help-desc"
        viewBox="0 0 360 190"
        width="100%"
        style={{ maxWidth: 360 }}
        fontFamily="sans-serif"
      >
        <title id="check-help-title">Where to find your routing and account numbers</title>
        <desc id="check-help-desc">
          At the bottom of a check: the 9-digit ABA routing number first, then the account number, then the
          check number.
        </desc>
        <rect x="2" y="2" width="356" height="150" rx="6" fill="#f3f7fb" stroke="#8aa4bf" strokeWidth="2" />
        <text x="16" y="26" fontSize="11" fill="#334">
          YOUR NAME
        </text>
        <text x="16" y="40" fontSize="9" fill="#667">
          123 Main Street
        </text>
        <text x="300" y="26" fontSize="11" fill="#334">
          1001
        </text>
        <text x="16" y="72" fontSize="9" fill="#667">
          PAY TO THE ORDER OF
        </text>
        <line x1="110" y1="74" x2="260" y2="74" stroke="#8aa4bf" />
        <rect x="270" y="60" width="74" height="18" fill="#fff" stroke="#8aa4bf" />
        <text x="276" y="73" fontSize="10" fill="#334">
          $
        </text>
        <line x1="16" y1="96" x2="260" y2="96" stroke="#8aa4bf" />
        <line x1="220" y1="124" x2="344" y2="124" stroke="#8aa4bf" />
        <text y="142" fontSize="12" fill="#223" fontFamily="monospace">
          <tspan x="20">011000015</tspan>
          <tspan x="120">123456789</tspan>
          <tspan x="222">1001</tspan>
        </text>
        {/* Brackets under the numbers, with their names. */}
        <path d="M18 148 v6 h70 v-6" fill="none" stroke="#d9534f" strokeWidth="2" />
        <text x="18" y="170" fontSize="10" fill="#d9534f">
          Routing number
        </text>
        <path d="M118 148 v6 h70 v-6" fill="none" stroke="#0d6efd" strokeWidth="2" />
        <text x="112" y="184" fontSize="10" fill="#0d6efd">
          Account number
        </text>
        <path d="M220 148 v6 h32 v-6" fill="none" stroke="#6c757d" strokeWidth="2" />
        <text x="216" y="170" fontSize="10" fill="#6c757d">
          Check no.
        </text>
      </svg>
      <figcaption className="small text-body-secondary">
        The routing number is the first 9 digits at the bottom of a check; the account number follows it.
      </figcaption>
    </figure>
  );
}
