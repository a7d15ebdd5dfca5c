import { useNavigation } from "react-router";

/**
 * Whether the form being submitted carries these fields (its intent, the row it acts on), so that
 * form's button can say so and wait. A field given as undefined is not checked.
 */
export function useSubmitting(): (fields: Record<string, string | undefined>) => boolean {
  const navigation = useNavigation();
  return (fields) =>
    navigation.state === "submitting" &&
    Object.entries(fields).every(([name, value]) => value === undefined || navigation.formData?.get(name) === value);
}
