// Being built in this change; replaced by the real screen before it lands.
export default function Page() {
  return null;
}
