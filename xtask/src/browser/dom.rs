//! Reading Chromium's serialized DOM: attributes, text, character references.

/// The picker's case numbers that have a film, in order.
pub(super) fn film_cases(dom: &str) -> Vec<usize> {
    let mut cases = Vec::new();
    let mut rest = dom;
    while let Some(at) = rest.find("<option") {
        rest = &rest[at + 1..];
        let attrs = parse_attributes(rest);
        let value = attrs.iter().find(|(n, _)| n == "value");
        let film = attrs.iter().any(|(n, v)| n == "data-film" && v == "1");
        if let (Some((_, v)), true) = (value, film) {
            if let Ok(k) = v.parse() {
                cases.push(k);
            }
        }
    }
    cases
}

/// The attributes of the element whose start tag contains (or starts with) `marker`.
pub(super) fn element_attributes(dom: &str, marker: &str) -> Option<Vec<(String, String)>> {
    let at = dom.find(marker)?;
    let start = if marker.starts_with('<') {
        at
    } else {
        dom[..at].rfind('<')?
    };
    Some(parse_attributes(&dom[start + 1..]))
}

/// The text of the element whose start tag contains `marker` (no child elements).
pub(super) fn element_text(dom: &str, marker: &str) -> Option<String> {
    let at = dom.find(marker)?;
    let open = at + dom[at..].find('>')? + 1;
    let close = open + dom[open..].find('<')?;
    Some(decode_entities(&dom[open..close]))
}

/// `name="value"` pairs of a start tag (from just after its `<` to its `>`), decoded.
pub(super) fn parse_attributes(tag: &str) -> Vec<(String, String)> {
    let mut attrs = Vec::new();
    let bytes = tag.as_bytes();
    // Skip the tag name.
    let mut i = tag
        .find(|c: char| c.is_whitespace() || c == '>')
        .unwrap_or(tag.len());
    while i < bytes.len() && bytes[i] != b'>' {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let name_end = tag[i..]
            .find(|c: char| c == '=' || c == '>' || c.is_whitespace())
            .map_or(tag.len(), |e| i + e);
        let name = tag[i..name_end].to_string();
        i = name_end;
        if bytes.get(i) == Some(&b'=') && bytes.get(i + 1) == Some(&b'"') {
            let value_end = tag[i + 2..].find('"').map_or(tag.len(), |e| i + 2 + e);
            attrs.push((name, decode_entities(&tag[i + 2..value_end])));
            i = value_end + 1;
        } else {
            attrs.push((name, String::new()));
        }
    }
    attrs
}

/// Decodes the character references Chromium writes when it serializes the DOM.
pub(super) fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_and_entities_are_decoded() {
        let dom = "<html><body><canvas id=\"board\" data-board=\"a&lt;&quot;&amp;\n b\" data-step=\"3\"></canvas><div id=\"caption\">step 1/2: &lt;b&gt;</div><option value=\"2\" data-film=\"1\">x</option><option value=\"3\">y</option>";
        let attrs = element_attributes(dom, "id=\"board\"").unwrap();
        assert!(attrs.contains(&("data-board".into(), "a<\"&\n b".into())));
        assert!(attrs.contains(&("data-step".into(), "3".into())));
        assert_eq!(
            element_text(dom, "id=\"caption\"").as_deref(),
            Some("step 1/2: <b>")
        );
        assert_eq!(film_cases(dom), vec![2]);
        let html = "<!DOCTYPE html>\n<html lang=\"en\" data-error=\"x is not defined\"><head>";
        let attrs = element_attributes(html, "<html").unwrap();
        assert!(attrs.contains(&("data-error".into(), "x is not defined".into())));
    }
}
