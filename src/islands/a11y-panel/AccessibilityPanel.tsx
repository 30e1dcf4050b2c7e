export default function AccessibilityPanel() {
  return null;
}
