// Package prose is the page's words about the run on screen, built from
// ui/lab's Snapshot and its parts: the explanations of every number shown
// (on hover and keyboard focus: ExplainData, ExplainTheta, ExplainRatio,
// the method table's ExplainMethodRatio and ExplainStep), the paper's cell
// a preset or file matches (PaperMatch, ExplainPaper), the form's hints
// about methods, and the numbers the article under the lab quotes
// (ArticleNumbers), formatted as the cards beside them format them.
//
// It reads ui/lab and ui/lab never reads it: the page (ui/app) renders
// what it returns.
package prose
