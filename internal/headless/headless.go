//go:build !js

// Package headless holds the Chromium options shared by the browser tests
// (e2e) and the benchmark runner (bench/wasmrun): one place for the flags
// that make headless Chromium quiet and keep a hidden tab at full speed.
package headless

import "github.com/chromedp/chromedp"

// Options are chromedp's defaults plus: the browser at chrome, its profile
// in the directory profile, no sandbox or GPU (as in a container), no
// background network traffic, and requestAnimationFrame and timers at full
// rate in a headless, unfocused tab.
func Options(chrome, profile string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.UserDataDir(profile),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
	)
}
