module imlab

go 1.26.8

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.22.1
	github.com/hexops/vecty v0.6.0
	gonum.org/v1/gonum v0.17.0
	honnef.co/go/js/dom/v2 v2.0.0-20231112215516-51f43a291193
)

require github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
