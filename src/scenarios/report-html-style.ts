// The report's one stylesheet: readable on screen and on paper (A4). On paper an exchange is its one
// summary line unless it is open (the exchanges of a failed step are): the bodies of a passing run
// would be a hundred pages, and report.json has them all.
export const REPORT_CSS = `
:root { color-scheme: light; --pass: #1b6e34; --fail: #b3261e; --skip: #6b5d00; --line: #d0d4d9; --muted: #555b62; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 62rem; padding: 2rem 1.25rem 4rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c1f23; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 0.75rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; border-bottom: 2px solid #1c1f23; padding-bottom: 0.25rem; }
h3 { font-size: 1.1rem; margin: 0 0 0.4rem; display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; }
h4 { font-size: 0.95rem; margin: 0.9rem 0 0.3rem; }
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.82rem; }
pre { margin: 0.25rem 0 0; padding: 0.5rem 0.6rem; background: #f4f5f7; border: 1px solid var(--line); border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0 0 1rem; }
dl.meta dt { font-weight: 600; color: var(--muted); } dl.meta dd { margin: 0; overflow-wrap: anywhere; }
.verdict { padding: 0.7rem 1rem; border-radius: 6px; font-weight: 600; border: 2px solid; }
.verdict.passed { color: var(--pass); border-color: var(--pass); background: #eef8f0; }
.verdict.failed { color: var(--fail); border-color: var(--fail); background: #fdf0ef; }
table { width: 100%; border-collapse: collapse; font-size: 0.88rem; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: #f4f5f7; } td.num { text-align: right; white-space: nowrap; } td.id { white-space: nowrap; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.03em; padding: 0.05rem 0.45rem; border-radius: 3px; color: #fff; white-space: nowrap; }
.badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); } .badge.skipped { background: var(--skip); }
a { color: #0b57d0; }
article.scenario { border: 1px solid var(--line); border-left: 6px solid var(--line); border-radius: 6px; padding: 0.9rem 1rem; margin: 0 0 1.1rem; }
article.passed { border-left-color: var(--pass); } article.failed { border-left-color: var(--fail); } article.skipped { border-left-color: var(--skip); }
.why { margin: 0.2rem 0 0.5rem; color: var(--muted); }
.basis { font-size: 0.8rem; margin: 0 0 0.5rem; } .basis.assumption { color: #8a5a00; } .basis.document { color: var(--muted); }
.plan { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1.5rem; } .plan ol, .plan ul { margin: 0; padding-left: 1.3rem; }
.message { margin: 0.6rem 0; padding: 0.5rem 0.7rem; border-radius: 4px; overflow-wrap: anywhere; }
.message.failed { background: #fdf0ef; color: var(--fail); } .message.skipped { background: #fbf7e0; color: #4d4300; }
.step { margin: 0.6rem 0 0; padding: 0.5rem 0 0; border-top: 1px dashed var(--line); }
.step-title { font-weight: 600; } .muted { color: var(--muted); font-weight: 400; }
ul.checks, ul.notes { list-style: none; margin: 0.3rem 0; padding: 0; font-size: 0.88rem; }
ul.checks li { padding-left: 1.3rem; text-indent: -1.3rem; overflow-wrap: anywhere; }
li.pass::before { content: "✓ "; color: var(--pass); font-weight: 700; } li.fail::before { content: "✗ "; color: var(--fail); font-weight: 700; }
li.fail { color: var(--fail); } ul.notes li { color: var(--muted); }
details.exchange { margin: 0.25rem 0; border: 1px solid var(--line); border-radius: 4px; padding: 0.2rem 0.5rem; }
details.exchange summary { cursor: pointer; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.82rem; overflow-wrap: anywhere; }
.exchange-parts { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem; padding: 0.3rem 0 0.4rem; }
.exchange-parts h5 { margin: 0.2rem 0 0; font-size: 0.8rem; }
.status-ok { color: var(--pass); font-weight: 700; } .status-refused { color: #8a4b00; font-weight: 700; } .status-bad { color: var(--fail); font-weight: 700; }
footer { margin-top: 2rem; font-size: 0.85rem; color: var(--muted); }
@media (max-width: 640px) { .plan, .exchange-parts { grid-template-columns: 1fr; } }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  a { color: inherit; text-decoration: none; }
  h2 { break-after: avoid; } h3, h4, .step-title { break-after: avoid; }
  tr, li, details.exchange summary { break-inside: avoid; }
  .summary-table { break-after: page; }
  details.exchange { border: none; padding: 0; margin: 0.1rem 0; }
  details.exchange summary { list-style: none; }
  pre { font-size: 7.5pt; max-height: none; }
}
`;
